// fmt's compiled part, built into the core from fmt's own headers (Debian's libfmt-dev ships it
// as a shared library only, which would load libstdc++.so: see CMakeLists.txt). Its functions stay
// out of line, as with the library: fmt header-only cost 4% more instructions per compile, its
// code inlined into the callers.
#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {
// The templates fmt's headers declare and its library instantiates.
template auto dragonbox::to_decimal(float x) noexcept -> dragonbox::decimal_fp<float>;
template auto dragonbox::to_decimal(double x) noexcept -> dragonbox::decimal_fp<double>;
template locale_ref::locale_ref(const std::locale &loc);
template auto locale_ref::get<std::locale>() const -> std::locale;
template auto thousands_sep_impl(locale_ref) -> thousands_sep_result<char>;
template auto decimal_point_impl(locale_ref) -> char;
template void buffer<char>::append(const char *, const char *);
} // namespace detail
FMT_END_NAMESPACE
