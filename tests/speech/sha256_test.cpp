// SHA-256 against the FIPS 180-4 / NIST test vectors.
#include "speech/sha256.h"

#include <gtest/gtest.h>

namespace annabella::speech {
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
  EXPECT_EQ(Sha256::hex(million.finish()),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, PiecewiseEqualsWhole) {
  const std::string text = "Springer Felix drei; Bauer schlägt David fünf; Kurze Rochade";
  for (std::size_t cut = 0; cut <= text.size(); ++cut) {
    Sha256 h;
    h.update(std::string_view(text).substr(0, cut));
    h.update(std::string_view(text).substr(cut));
    EXPECT_EQ(Sha256::hex(h.finish()), Sha256::hex_of(text));
  }
}

}  // namespace
}  // namespace annabella::speech
