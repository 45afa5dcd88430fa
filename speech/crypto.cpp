// The libsodium adapter: the only file that includes sodium.h.
#include "speech/crypto.h"

#include <sodium.h>

#include <cassert>
#include <utility>

namespace annabella::speech {
namespace {

// sodium_init() once per process, on first use (a function-local static: thread-safe, no
// start-up order). It is needed for the random source; hashing and signing work without it,
// and it is called before them too, as libsodium asks.
bool sodium_ready() {
  static const bool ready = sodium_init() >= 0;
  return ready;
}

}  // namespace

struct Sha256::State {
  crypto_hash_sha256_state state;
};

Sha256::Sha256() : state_(std::make_unique<State>()) {
  sodium_ready();
  crypto_hash_sha256_init(&state_->state);
}

Sha256::~Sha256() = default;

void Sha256::update(std::span<const std::uint8_t> bytes) {
  crypto_hash_sha256_update(&state_->state, bytes.data(), bytes.size());
}

void Sha256::update(std::string_view text) {
  crypto_hash_sha256_update(&state_->state, reinterpret_cast<const unsigned char*>(text.data()),
                            text.size());
}

void Sha256::update_samples_le(std::span<const std::int16_t> samples) {
  std::array<std::uint8_t, 4096> bytes{};
  std::size_t used = 0;
  for (const std::int16_t s : samples) {
    const auto u = static_cast<std::uint16_t>(s);
    bytes[used++] = static_cast<std::uint8_t>(u & 0xFFU);
    bytes[used++] = static_cast<std::uint8_t>(u >> 8U);
    if (used == bytes.size()) {
      update(bytes);
      used = 0;
    }
  }
  update(std::span(bytes).first(used));
}

Sha256Digest Sha256::finish() {
  Sha256Digest digest{};
  crypto_hash_sha256_final(&state_->state, digest.data());
  return digest;
}

std::string Sha256::hex_of(std::string_view text) {
  Sha256 h;
  h.update(text);
  return to_hex(h.finish());
}

Result<SigningKey> SigningKey::generate() {
  if (!sodium_ready()) return fail("libsodium could not be initialised (no random source)");
  KeySeed seed{};
  randombytes_buf(seed.data(), seed.size());
  SigningKey key = from_seed(seed);
  sodium_memzero(seed.data(), seed.size());
  return key;
}

SigningKey SigningKey::from_seed(const KeySeed& seed) {
  sodium_ready();
  SigningKey key;
  key.seed_ = seed;
  crypto_sign_seed_keypair(key.public_key_.data(), key.secret_.data(), seed.data());
  return key;
}

SigningKey::~SigningKey() {
  sodium_memzero(seed_.data(), seed_.size());
  sodium_memzero(secret_.data(), secret_.size());
}

SigningKey::SigningKey(SigningKey&& other) noexcept
    : seed_(other.seed_), secret_(other.secret_), public_key_(other.public_key_) {
  sodium_memzero(other.seed_.data(), other.seed_.size());
  sodium_memzero(other.secret_.data(), other.secret_.size());
}

SigningKey& SigningKey::operator=(SigningKey&& other) noexcept {
  if (this != &other) {
    seed_ = other.seed_;
    secret_ = other.secret_;
    public_key_ = other.public_key_;
    sodium_memzero(other.seed_.data(), other.seed_.size());
    sodium_memzero(other.secret_.data(), other.secret_.size());
  }
  return *this;
}

Signature SigningKey::sign(std::string_view message) const {
  Signature signature{};
  crypto_sign_detached(signature.data(), nullptr,
                       reinterpret_cast<const unsigned char*>(message.data()), message.size(),
                       secret_.data());
  return signature;
}

bool signature_valid(std::string_view message, const Signature& signature, const PublicKey& key) {
  sodium_ready();
  return crypto_sign_verify_detached(signature.data(),
                                     reinterpret_cast<const unsigned char*>(message.data()),
                                     message.size(), key.data()) == 0;
}

void wipe_secret(std::span<char> bytes) {
  sodium_memzero(bytes.data(), bytes.size());
}

std::string to_hex(std::span<const std::uint8_t> bytes) {
  std::string hex(bytes.size() * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), bytes.data(), bytes.size());
  hex.pop_back();  // the terminating NUL
  return hex;
}

bool hex_to_bytes(std::string_view hex, std::span<std::uint8_t> out) {
  if (hex.size() != out.size() * 2) return false;
  std::size_t written = 0;
  const char* end = nullptr;
  // No separators allowed: every character must be a hex digit.
  const int ok =
      sodium_hex2bin(out.data(), out.size(), hex.data(), hex.size(), nullptr, &written, &end);
  return ok == 0 && written == out.size() && end == hex.data() + hex.size();
}

}  // namespace annabella::speech
