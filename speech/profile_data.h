// The vocabulary profiles shipped inside the binary (generated from speech/profiles/*.txt at build
// time by speech/embed_profiles.cmake). Use speech/vocabulary.h; this is its raw material.
#pragma once

#include <cstddef>
#include <string_view>

namespace annabella::speech::detail {

struct EmbeddedProfile {
  std::string_view name;  // the file name without .txt: "fide"
  std::string_view text;  // the file's contents
};

extern const EmbeddedProfile kEmbeddedProfiles[];
extern const std::size_t kEmbeddedProfileCount;

}  // namespace annabella::speech::detail
