// The libsodium adapter (speech/crypto.h): SHA-256 against the FIPS 180-4 / NIST test vectors,
// Ed25519 against RFC 8032's first test vector, and what a signature must refuse.
#include "speech/crypto.h"

#include <gtest/gtest.h>

#include <vector>

namespace annabella::speech {
namespace crypto_test {
namespace {

TEST(Sha256, StandardVectors) {
  EXPECT_EQ(Sha256::hex_of(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(Sha256::hex_of("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(Sha256::hex_of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  Sha256 million;
  const std::string chunk(1000, 'a');
  for (int i = 0; i < 1000; ++i) million.update(chunk);
  EXPECT_EQ(to_hex(million.finish()),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, PiecewiseEqualsWhole) {
  const std::string text = "Springer Felix drei; Bauer schlägt David fünf; Kurze Rochade";
  for (std::size_t cut = 0; cut <= text.size(); ++cut) {
    Sha256 h;
    h.update(std::string_view(text).substr(0, cut));
    h.update(std::string_view(text).substr(cut));
    EXPECT_EQ(to_hex(h.finish()), Sha256::hex_of(text));
  }
}

TEST(Sha256, SamplesAreHashedAsLittleEndianBytesInAnyNumberOfPieces) {
  // More samples than the adapter's 4096-byte buffer holds, so that it is refilled.
  std::vector<std::int16_t> samples;
  std::string bytes;
  for (int i = 0; i < 5000; ++i) {
    const auto s = static_cast<std::int16_t>(i * 7919 - 20000);
    samples.push_back(s);
    const auto u = static_cast<std::uint16_t>(s);
    bytes += static_cast<char>(u & 0xFF);
    bytes += static_cast<char>(u >> 8);
  }
  Sha256 h;
  h.update_samples_le(std::span(samples).first(2047));
  h.update_samples_le(std::span(samples).subspan(2047));
  EXPECT_EQ(to_hex(h.finish()), Sha256::hex_of(bytes));
}

// RFC 8032, section 7.1, TEST 1 (the empty message).
TEST(Ed25519, Rfc8032FirstTestVector) {
  const auto seed =
      from_hex<32>("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
  ASSERT_TRUE(seed);
  const SigningKey key = SigningKey::from_seed(*seed);
  EXPECT_EQ(to_hex(key.public_key()),
            "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
  const Signature signature = key.sign("");
  EXPECT_EQ(to_hex(signature),
            "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39"
            "701cf9b46bd25bf5f0595bbe24655141438e7a100b");
  EXPECT_TRUE(signature_valid("", signature, key.public_key()));
}

TEST(Ed25519, ASignatureHoldsOnlyForItsMessageAndItsKey) {
  auto key = SigningKey::generate();
  ASSERT_TRUE(key);
  auto other = SigningKey::generate();
  ASSERT_TRUE(other);
  EXPECT_NE(key->public_key(), other->public_key());  // random keys
  const std::string message = "recording=announcements.wav\ndigest=5c1f\n";
  const Signature signature = key->sign(message);
  EXPECT_TRUE(signature_valid(message, signature, key->public_key()));
  EXPECT_FALSE(signature_valid(message, signature, other->public_key()));
  std::string changed = message;
  changed[12] ^= 1;
  EXPECT_FALSE(signature_valid(changed, signature, key->public_key()));
  Signature flipped = signature;
  flipped[5] ^= 0x10;
  EXPECT_FALSE(signature_valid(message, flipped, key->public_key()));
  // The same seed makes the same key.
  EXPECT_EQ(SigningKey::from_seed(key->seed()).public_key(), key->public_key());
}

TEST(Hex, RoundTripAndRefusals) {
  const std::array<std::uint8_t, 3> bytes{0x00, 0xAB, 0x7F};
  EXPECT_EQ(to_hex(bytes), "00ab7f");
  EXPECT_EQ(from_hex<3>("00AB7f"), bytes);
  EXPECT_FALSE(from_hex<3>("00ab7"));     // too short
  EXPECT_FALSE(from_hex<3>("00ab7f00"));  // too long
  EXPECT_FALSE(from_hex<3>("00ab7g"));    // not a hex digit
  EXPECT_FALSE(from_hex<3>("00:ab:7f"));  // separators
  EXPECT_FALSE(from_hex<3>(" 00ab7f"));
}

}  // namespace
}  // namespace crypto_test
}  // namespace annabella::speech
