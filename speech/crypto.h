// Hashing and signing for the game record's tamper evidence (D.2.7): SHA-256 for the recording's
// digest chain and Ed25519 signatures for its seal, both from libsodium. crypto.cpp is the only
// file that includes libsodium; it calls sodium_init() once, on first use, from a function-local
// static (thread-safe; no start-up order).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/result.h"

namespace annabella::speech {

using Sha256Digest = std::array<std::uint8_t, 32>;
using PublicKey = std::array<std::uint8_t, 32>;  // Ed25519
using Signature = std::array<std::uint8_t, 64>;  // Ed25519, detached
using KeySeed = std::array<std::uint8_t, 32>;    // the secret an Ed25519 key pair is made from

// Incremental SHA-256 (FIPS 180-4).
class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  void update(std::span<const std::uint8_t> bytes);
  void update(std::string_view text);
  // 16-bit samples as little-endian bytes (the recording's sample format), whatever the host.
  void update_samples_le(std::span<const std::int16_t> samples);
  // The digest of everything given so far; the object must not be updated afterwards.
  [[nodiscard]] Sha256Digest finish();

  // The digest of one text, as 64 lower-case hex characters.
  [[nodiscard]] static std::string hex_of(std::string_view text);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// An Ed25519 signing key. The secret stays in this object and is wiped when it goes.
class SigningKey {
 public:
  // A new key from the operating system's random source.
  [[nodiscard]] static Result<SigningKey> generate();
  // The key a seed makes (the same seed always makes the same key).
  [[nodiscard]] static SigningKey from_seed(const KeySeed& seed);
  ~SigningKey();
  SigningKey(SigningKey&& other) noexcept;
  SigningKey& operator=(SigningKey&& other) noexcept;
  SigningKey(const SigningKey&) = delete;
  SigningKey& operator=(const SigningKey&) = delete;

  [[nodiscard]] const PublicKey& public_key() const { return public_key_; }
  [[nodiscard]] const KeySeed& seed() const { return seed_; }
  [[nodiscard]] Signature sign(std::string_view message) const;

 private:
  SigningKey() = default;
  KeySeed seed_{};
  std::array<std::uint8_t, 64> secret_{};  // libsodium's secret key: the seed and the public key
  PublicKey public_key_{};
};

// True when `signature` is `key`'s Ed25519 signature of exactly `message`.
[[nodiscard]] bool signature_valid(std::string_view message, const Signature& signature,
                                   const PublicKey& key);

// Overwrites a secret in memory with zeros (not optimised away).
void wipe_secret(std::span<char> bytes);

// Lower-case hex of some bytes, and back (exactly `N` bytes, hex digits only, either case).
[[nodiscard]] std::string to_hex(std::span<const std::uint8_t> bytes);
template <std::size_t N>
[[nodiscard]] std::optional<std::array<std::uint8_t, N>> from_hex(std::string_view hex);
[[nodiscard]] bool hex_to_bytes(std::string_view hex, std::span<std::uint8_t> out);

template <std::size_t N>
std::optional<std::array<std::uint8_t, N>> from_hex(std::string_view hex) {
  std::array<std::uint8_t, N> bytes{};
  if (!hex_to_bytes(hex, bytes)) return std::nullopt;
  return bytes;
}

}  // namespace annabella::speech
