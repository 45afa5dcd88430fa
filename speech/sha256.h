// SHA-256 (FIPS 180-4), for the tamper-evident digest chain of the game recording (D.2.7).
// Small and dependency-free; checked against the standard's test vectors.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace annabella::speech {

class Sha256 {
 public:
  using Digest = std::array<std::uint8_t, 32>;

  Sha256();
  void update(const void* data, std::size_t size);
  void update(std::string_view text) { update(text.data(), text.size()); }
  // The digest of everything given so far; the object must not be updated afterwards.
  Digest finish();

  static std::string hex(const Digest& digest);
  // The lower-case hex digest of one text.
  static std::string hex_of(std::string_view text);

 private:
  void compress(const std::uint8_t* block);

  std::array<std::uint32_t, 8> state_;
  std::array<std::uint8_t, 64> buffer_{};
  std::size_t buffered_ = 0;
  std::uint64_t total_bytes_ = 0;
};

}  // namespace annabella::speech
