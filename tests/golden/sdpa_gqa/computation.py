import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(query, key, value, mask):
  # query: "cpu f32[2, 4, 5, 8]"
  # key: "cpu f32[2, 2, 5, 8]"
  # value: "cpu f32[2, 2, 5, 8]"
  # mask: "cpu b8[5, 5]"
  # a = F.scaled_dot_product_attention(query, key, value, is_causal=True, scale=0.25, enable_gqa=True)
  a = torch.nn.functional.scaled_dot_product_attention(query, key, value, is_causal=True, scale=0.25, enable_gqa=True)  # a: "cpu f32[2, 4, 5, 8]"
  # b = F.scaled_dot_product_attention(query, key, value, mask, enable_gqa=True)
  b = torch.nn.functional.scaled_dot_product_attention(query, key, value, mask, enable_gqa=True)  # b: "cpu f32[2, 4, 5, 8]"
  # c = F.scaled_dot_product_attention(query, query, query, enable_gqa=True)
  c = torch.nn.functional.scaled_dot_product_attention(query, query, query, enable_gqa=True)  # c: "cpu f32[2, 4, 5, 8]"
  return (a, b, c)
