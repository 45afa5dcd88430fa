// The vocabulary profiles and the languages shipped inside the binary (generated from
// speech/profiles/*.txt and speech/languages/*.txt at build time by speech/embed_profiles.cmake).
// Use speech/vocabulary.h and speech/language.h; this is their raw material.
#pragma once

#include <cstddef>
#include <string_view>

namespace annabella::speech::detail {

struct EmbeddedProfile {
  std::string_view name;  // the file name without .txt: "fide", "mk"
  std::string_view text;  // the file's contents
};

extern const EmbeddedProfile kEmbeddedProfiles[];
extern const std::size_t kEmbeddedProfileCount;
extern const EmbeddedProfile kEmbeddedLanguages[];
extern const std::size_t kEmbeddedLanguageCount;

}  // namespace annabella::speech::detail
