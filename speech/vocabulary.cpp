#include "speech/vocabulary.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

#include "speech/profile_data.h"

namespace annabella::speech {
namespace {

const detail::EmbeddedProfile* embedded(std::string_view name) {
  for (std::size_t i = 0; i < detail::kEmbeddedProfileCount; ++i)
    if (detail::kEmbeddedProfiles[i].name == name) return &detail::kEmbeddedProfiles[i];
  return nullptr;
}

std::string joined_profile_names() {
  std::string out;
  for (const auto& n : Vocabulary::profile_names()) out += (out.empty() ? "" : ", ") + n;
  return out;
}

std::optional<WordTable::Base> shipped_profile(std::string_view name) {
  const auto* profile = embedded(name);
  if (!profile) return std::nullopt;
  return WordTable::Base{std::string(profile->name), profile->text};
}

// TOML writes "file_e" where the profile writes "file.e".
std::string underscored(std::string_view key) {
  std::string out(key);
  std::replace(out.begin(), out.end(), '.', '_');
  return out;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

// The known key closest to `key` (as written or with underscores), or "".
std::string closest_key(std::string_view key,
                        const std::map<std::string, Word, std::less<>>& words) {
  std::string closest;
  std::size_t best = 4;
  for (const auto& [known, word] : words) {
    const auto d = std::min(edit_distance(key, known), edit_distance(key, underscored(known)));
    if (d < best) best = d, closest = known;
  }
  return closest;
}

}  // namespace

std::vector<std::string> Vocabulary::profile_names() {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < detail::kEmbeddedProfileCount; ++i)
    names.emplace_back(detail::kEmbeddedProfiles[i].name);
  std::sort(names.begin(), names.end());
  return names;
}

const std::vector<std::string>& Vocabulary::move_keys() {
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> k;
    for (char f = 'a'; f <= 'h'; ++f) k.push_back(std::string("file.") + f);
    for (char r = '1'; r <= '8'; ++r) k.push_back(std::string("rank.") + r);
    for (const char* p : {"king", "queen", "rook", "bishop", "knight", "pawn"})
      k.push_back(std::string("piece.") + p);
    for (const char* w : {"castle.short", "castle.long", "move.capture", "move.check", "move.mate",
                          "move.en_passant", "move.promotes_to"})
      k.push_back(w);
    return k;
  }();
  return keys;
}

const std::vector<std::string>& Vocabulary::required_keys() {
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> k = {"meta.rate", "meta.language"};
    for (const auto& key : move_keys()) k.push_back(key);
    for (const auto& key : Language::required_keys())
      if (std::find(k.begin(), k.end(), key) == k.end()) k.push_back(key);
    return k;
  }();
  return keys;
}

Result<Vocabulary> Vocabulary::load(std::string_view name_or_path) {
  const bool is_path = name_or_path.find('/') != std::string_view::npos ||
                       (name_or_path.size() > 4 && name_or_path.ends_with(".txt"));
  if (!is_path) {
    const auto* profile = embedded(name_or_path);
    if (!profile) {
      return fail("unknown vocabulary profile \"" + std::string(name_or_path) +
                  "\"; shipped profiles: " + joined_profile_names() +
                  " (or give the path of a profile file)");
    }
    return parse(profile->text, profile->name);
  }
  std::ifstream in{std::string(name_or_path)};
  if (!in) return fail("cannot read the vocabulary profile file " + std::string(name_or_path));
  std::ostringstream text;
  text << in.rdbuf();
  return parse(text.str(), name_or_path);
}

// A profile's text and its name, told apart by name and kept in the signature its callers use:
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters)
Result<Vocabulary> Vocabulary::parse(std::string_view text, std::string_view name) {
  Vocabulary v;
  v.name_ = std::string(name);
  if (const auto slash = v.name_.find_last_of('/'); slash != std::string::npos)
    v.name_ = v.name_.substr(slash + 1);
  if (v.name_.ends_with(".txt")) v.name_.resize(v.name_.size() - 4);
  WordTable own;
  if (auto ok = own.read({std::string(name), text}, shipped_profile,
                         "shipped profile (" + joined_profile_names() + ")");
      !ok)
    return fail(ok.error());
  // The profile's language gives every word the profile does not give itself.
  WordTable merged;
  std::string code = own.meta("language");
  const auto shipped = Language::codes();
  if (std::find(shipped.begin(), shipped.end(), code) != shipped.end()) {
    auto language = Language::load(code);
    if (!language) return fail(language.error());
    merged = language->table_;
  }
  for (const auto& [key, word] : own.words()) merged.set(key, word, own.origin(key));
  if (const auto missing = merged.missing(required_keys()); !missing.empty())
    return fail("vocabulary profile " + std::string(name) + " lacks the keys: " + missing);
  if (auto ok = Language::check(merged, "vocabulary profile " + std::string(name)); !ok)
    return fail(ok.error());
  v.words_ = Language(code, std::move(merged));
  if (v.rate() < 80 || v.rate() > 450)
    return fail("vocabulary profile " + std::string(name) +
                ": meta.rate must be words a minute, 80 to 450");
  return v;
}

Status Vocabulary::apply_overrides(const std::map<std::string, std::string>& overrides) {
  std::map<std::string, std::string, std::less<>> by_underscored;
  for (const auto& [key, word] : words()) by_underscored[underscored(key)] = key;
  WordTable updated = words_.table_;
  for (const auto& [key, value] : overrides) {
    std::string target;
    if (find(key)) {
      target = key;
    } else if (const auto it = by_underscored.find(underscored(key)); it != by_underscored.end()) {
      target = it->second;
    } else {
      const std::string closest = closest_key(key, words());
      return fail("\"" + key + "\" is no word of profile " + name_ +
                  (closest.empty() ? "" : " (did you mean " + underscored(closest) + "?)"));
    }
    Word word = read_word(value);
    if (word.display.empty() || word.spoken.empty())
      return fail("\"" + key + "\": the word is empty");
    updated.set(target, std::move(word), "speech.words." + underscored(target));
  }
  words_.table_ = std::move(updated);
  return {};
}

int Vocabulary::rate() const {
  const std::string text = words_.table_.meta("rate");
  int rate = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), rate);
  return error == std::errc() && end == text.data() + text.size() ? rate : 0;
}

}  // namespace annabella::speech
