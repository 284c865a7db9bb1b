// The value model: handles, containers, entries, Python key equality, tensor versions,
// provenance paths and module paths.
#include "values/heap.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>

using namespace thunderc;

namespace {
// An input record under `parent`.
ProvId attr(Heap &h, ProvId parent, const std::string &name, Slot slot = Slot::Attr) {
  ProvRecord r;
  r.kind = ProvKind::Attr;
  r.slot = slot;
  r.input = true;
  r.parent = parent;
  r.name = name;
  return h.add_record(r);
}
ProvId item(Heap &h, ProvId parent, int64_t index) {
  ProvRecord r;
  r.kind = ProvKind::Item;
  r.slot = Slot::Item;
  r.input = true;
  r.parent = parent;
  r.index = index;
  r.int_key = true;
  return h.add_record(r);
}
ProvId key(Heap &h, ProvId parent, const std::string &k) {
  ProvRecord r;
  r.kind = ProvKind::Item;
  r.input = true;
  r.parent = parent;
  r.name = k;
  return h.add_record(r);
}
ProvId root(Heap &h, ProvKind kind) {
  ProvRecord r;
  r.kind = kind;
  r.input = true;
  return h.add_record(r);
}
} // namespace

TEST_CASE("values: scalars keep their kind and value") {
  Heap h;
  CHECK(h.as_int(h.integer(-7)) == -7);
  CHECK(h.as_bool(h.boolean(true)));
  CHECK(h.as_float(h.floating(2.5)) == 2.5);
  CHECK(h.as_str(h.str("héllo")) == "héllo");
  CHECK(h.as_dtype(h.dtype(DType::BFloat16)) == DType::BFloat16);
  CHECK(h.as_device(h.device(Device{Device::Type::CUDA, 1})) == Device{Device::Type::CUDA, 1});
  CHECK(h.as_device(h.device(Device{Device::Type::CPU, -1})) == Device{Device::Type::CPU, -1});
  CHECK(h.kind(h.none()) == Kind::None);
  CHECK(h.kind(h.ellipsis()) == Kind::Ellipsis);
  CHECK(h.ellipsis() == h.ellipsis());
  CHECK_FALSE(Value{});
}

TEST_CASE("values: repr is Python's") {
  Heap h;
  CHECK(h.repr(h.none()) == "None");
  CHECK(h.repr(h.boolean(false)) == "False");
  CHECK(h.repr(h.floating(1.0)) == "1.0");
  CHECK(h.repr(h.floating(1e-5)) == "1e-05");
  CHECK(h.repr(h.str("it's")) == "'it\\'s'");
  CHECK(h.repr(h.tuple({h.integer(1)}, kConstant)) == "(1,)");
  CHECK(h.repr(h.list({h.integer(1), h.integer(2)}, kConstant)) == "[1, 2]");
  CHECK(h.repr(h.range(0, 4, 1)) == "range(0, 4)");
  CHECK(h.repr(h.dtype(DType::Float16)) == "torch.float16");
  Value d = h.dict(kConstant);
  h.set_key(d, h.str("a"), h.integer(1));
  CHECK(h.repr(d) == "{'a': 1}");
  CHECK(h.repr(h.tensor(TensorMeta{{2, 3}, DType::Int64, {}, false}, kConstant)) ==
        "tensor(cpu i64[2, 3])");
  CHECK(h.type_name(h.object(Kind::Object, "StaticCache", kConstant)) == "StaticCache");
  CHECK(h.type_name(h.integer(1)) == "int");
}

TEST_CASE("values: entries keep insertion order; set replaces in place") {
  Heap h;
  Value o = h.object(Kind::Object, "C", kConstant);
  h.set_attr(o, "b", h.integer(1));
  h.set_attr(o, "a", h.integer(2));
  h.set_attr(o, "b", h.integer(3));
  REQUIRE(h.entries(o).size() == 2);
  CHECK(h.symbol(h.entries(o)[0].name) == "b");
  CHECK(h.as_int(h.entries(o)[0].value) == 3);
  CHECK(h.find_attr(o, "a") != nullptr);
  CHECK(h.find_attr(o, "zz") == nullptr);
  CHECK(h.name(o) == "C");
}

TEST_CASE("values: big tables are indexed and stay correct after removals") {
  Heap h;
  Value m = h.object(Kind::Module, "torch.nn.ModuleList", kConstant);
  for (int i = 0; i < 100; ++i)
    h.add_entry(m, std::to_string(i), h.integer(i), Slot::Submodule);
  CHECK(h.as_int(h.find_attr(m, "57")->value) == 57);
  h.set_attr(m, "extra", h.integer(-1));
  CHECK(h.as_int(h.find_attr(m, "extra")->value) == -1);
  auto &t = h.entries_mut(m);
  t.erase(t.begin());
  CHECK(h.find_attr(m, "0") == nullptr);
  CHECK(h.as_int(h.find_attr(m, "99")->value) == 99);
}

TEST_CASE("values: dict keys use Python equality") {
  Heap h;
  Value d = h.dict(kConstant);
  h.set_key(d, h.integer(1), h.str("one"));
  h.set_key(d, h.str("k"), h.str("kay"));
  h.set_key(d, h.tuple({h.integer(1), h.str("x")}, kConstant), h.str("pair"));
  CHECK(h.as_str(h.find_key(d, h.boolean(true))->value) == "one");
  CHECK(h.as_str(h.find_key(d, h.floating(1.0))->value) == "one");
  CHECK(h.as_str(h.find_key(d, h.str("k"))->value) == "kay");
  CHECK(h.as_str(h.find_key(d, h.tuple({h.floating(1.0), h.str("x")}, kConstant))->value) ==
        "pair");
  CHECK(h.find_key(d, h.integer(2)) == nullptr);
  CHECK(h.hashable(h.tuple({h.integer(1)}, kConstant)));
  CHECK_FALSE(h.hashable(h.list({}, kConstant)));
  CHECK_FALSE(h.key_equal(h.str("1"), h.integer(1)));
}

TEST_CASE("values: tensors are objects with versions") {
  Heap h;
  Value t = h.tensor(TensorMeta{{4}, DType::Float32, {}, false}, kConstant);
  CHECK(h.current(t) == t);
  CHECK(h.tensor_info(t).object == t);
  Value v1 = h.new_version(t, h.meta(t), kComputed);
  CHECK(h.current(t) == v1);
  CHECK(h.tensor_info(v1).object == t);
  CHECK(h.tensor_info(t).versions == 1);
  Value v2 = h.new_version(t, h.meta(t), kComputed);
  CHECK(h.current(t) == v2);
  CHECK(h.tensor_info(t).versions == 2);
}

TEST_CASE("values: provenance paths print like Thunder's") {
  Heap h;
  ProvId args = root(h, ProvKind::InputArgs), kwargs = root(h, ProvKind::InputKwargs),
         self = root(h, ProvKind::InputFn);
  CHECK(h.path(args) == "args");
  CHECK(h.path(item(h, args, 0)) == "args[0]");
  ProvId cache = attr(h, key(h, kwargs, "past_key_values"), "key_cache");
  CHECK(h.path(item(h, cache, 0)) == "kwargs['past_key_values'].key_cache[0]");
  ProvId layer =
      item(h, attr(h, attr(h, self, "model", Slot::Submodule), "layers", Slot::Submodule), 0);
  ProvId weight =
      attr(h, attr(h, attr(h, layer, "self_attn", Slot::Submodule), "q_proj", Slot::Submodule),
           "weight", Slot::Parameter);
  CHECK(h.path(weight) == "self.model.layers[0].self_attn.q_proj.weight");
  CHECK(h.path(key(h, kwargs, "it's")) == "kwargs['it\\'s']");
  CHECK(h.path(kConstant) == "<constant>");
  CHECK(h.path(kComputed) == "<computed>");
  ProvRecord op;
  op.kind = ProvKind::Op;
  op.op = 3;
  CHECK(h.path(h.add_record(op)) == "<output 0 of op 3>");
  ProvRecord made;
  made.kind = ProvKind::New;
  CHECK(h.path(h.add_record(made)) == "<created at ?>");
}

TEST_CASE("values: from_input follows the value's record, kept beside other node flags") {
  Heap h;
  ProvId kwargs = root(h, ProvKind::InputKwargs);
  Value d = h.dict(kwargs, /*ordered_dict=*/true), x = h.integer(3, key(h, kwargs, "x"));
  CHECK(h.from_input(d));
  CHECK(h.ordered_dict(d));
  CHECK(h.from_input(x));
  CHECK_FALSE(h.from_input(h.integer(3)));
  CHECK_FALSE(h.from_input(h.none(kComputed)));
  ProvRecord made;
  made.kind = ProvKind::New;
  Value y = h.list({x}, h.add_record(made));
  CHECK_FALSE(h.from_input(y));
  h.set_prov(y, kwargs);
  CHECK(h.from_input(y));
  h.set_prov(d, kComputed);
  CHECK_FALSE(h.from_input(d));
  CHECK(h.ordered_dict(d));
}

TEST_CASE("values: mark_reached and mark_used set the record's bits once") {
  Heap h;
  ProvId kwargs = root(h, ProvKind::InputKwargs), k = key(h, kwargs, "x");
  Value x = h.integer(3, k), again = h.integer(3, k); // two values of one record
  CHECK(h.mark_reached(x));
  CHECK(h.record(k).reached);
  CHECK_FALSE(h.mark_reached(x));
  CHECK_FALSE(h.mark_reached(again)); // read from the record
  CHECK_FALSE(h.record(k).used);
  h.mark_used(x);
  CHECK(h.record(k).used);
  h.set_prov(x, kwargs); // the node's bits were the old record's
  CHECK(h.mark_reached(x));
  CHECK(h.record(kwargs).reached);
}

TEST_CASE("values: module paths follow module members from the root module") {
  Heap h;
  ProvId self = root(h, ProvKind::InputFn);
  Value net = h.object(Kind::Module, "Net", self);
  h.record_mut(self).value = net;
  ProvId layers_id = attr(h, self, "layers", Slot::Submodule);
  Value layers = h.object(Kind::Module, "torch.nn.ModuleList", layers_id);
  h.record_mut(layers_id).value = layers;
  ProvId l0_id = item(h, layers_id, 0);
  Value l0 = h.object(Kind::Module, "Block", l0_id);
  h.record_mut(l0_id).value = l0;
  ProvId w = attr(h, l0_id, "cache_k", Slot::Buffer);
  auto mp = h.module_path(w);
  REQUIRE(mp);
  CHECK(mp->path == "layers.0.cache_k");
  CHECK(mp->root == self);
  CHECK_FALSE(h.module_path(self));
  // An object attribute below a module is not a module member path.
  ProvId cfg_id = attr(h, self, "config");
  Value cfg = h.object(Kind::Object, "Config", cfg_id);
  h.record_mut(cfg_id).value = cfg;
  CHECK_FALSE(h.module_path(attr(h, cfg_id, "hidden")));
}

TEST_CASE("values: type comments spell devices, dtypes and shapes as Thunder does") {
  CHECK(type_comment({{2, 2}, DType::Float32, Device{Device::Type::CPU, -1}}) == "cpu f32[2, 2]");
  CHECK(type_comment({{1, 6, 128256}, DType::BFloat16, Device{Device::Type::CUDA, 0}}) ==
        "cuda:0 bf16[1, 6, 128256]");
  CHECK(type_comment({{}, DType::Int64, Device{Device::Type::CUDA, 11}}) == "cuda:11 i64[]");
  CHECK(type_comment({{0}, DType::Bool, Device{Device::Type::Meta, -1}}) == "meta b8[0]");
  CHECK(device_name(Device{Device::Type::CUDA, -1}) == "cuda");
  CHECK(device_name(Device{Device::Type::CUDA, 3}) == "cuda:3");
  // Device indices are 8 bits in PyTorch (torch.device('cuda:128') reads back as cuda:-128).
  CHECK(parse_device("cuda:127") == Device{Device::Type::CUDA, 127});
  for (const char *bad : {"cuda:128", "cuda:1023", "cuda:99999999999999999999", "cuda:01", "cuda:-1", "cuda:"})
    CHECK_MESSAGE(!parse_device(bad), bad);
  // A shape longer than the printer's buffer, the largest index and dimension included.
  TensorMeta wide{{}, DType::Float64, Device{Device::Type::CUDA, 2147483647}};
  std::string dims;
  for (int i = 0; i < 12; ++i) {
    wide.shape.push_back(i % 2 ? INT64_MAX : i);
    dims += (i ? ", " : "") + std::to_string(wide.shape.back());
  }
  CHECK(type_comment(wide) == "cuda:2147483647 f64[" + dims + "]");
  std::string after = "x: ";
  append_type_comment(after, wide);
  CHECK(after == "x: " + type_comment(wide));
}

TEST_CASE("values: a heap whose tables are released can still be moved and destroyed") {
  Heap h;
  Value t = h.tensor(TensorMeta{{2, 3}}, kComputed);
  for (int i = 0; i < 20000; ++i) // past the tables' first mapping (256 KiB)
    h.integer(i);
  CHECK(h.meta(t).shape == std::vector<int64_t>{2, 3});
  h.release_tables();
  CHECK(h.size() == 0);
  CHECK(h.records().empty());
  Heap kept(std::move(h)); // what keep_until_exit does with the rest
  CHECK(kept.size() == 0);
}
