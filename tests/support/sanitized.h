// Whether this test binary runs under AddressSanitizer (the CI's clang ASan+UBSan build).
#pragma once

namespace annabella::testing {

// CPU-bound property tests (thousands of simulated games) run twenty times slower under the
// sanitizers. The g++ Release run (CI's first stage) tries every case; the sanitized run tries
// a fixed share of them, enough to reach every code path under ASan and UBSan while keeping CI
// within its time budget. Use it only to scale a count, never to skip a check.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

}  // namespace annabella::testing
