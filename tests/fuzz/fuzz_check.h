// The one assertion of the fuzz targets: an invariant that does not hold aborts, which libFuzzer
// reports as a finding (with the input that caused it).
#pragma once

#include <cstdlib>

namespace annabella::fuzz {

inline void check(bool invariant) {
  if (!invariant) std::abort();
}

}  // namespace annabella::fuzz
