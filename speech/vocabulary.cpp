#include "speech/vocabulary.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

#include "speech/profile_data.h"

namespace annabella::speech {
namespace {

std::string_view trim(std::string_view s) {
  const auto* ws = " \t\r\n";
  const auto first = s.find_first_not_of(ws);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(ws) - first + 1);
}

// "word" or "display | spoken".
Word read_word(std::string_view value) {
  const auto bar = value.find('|');
  if (bar == std::string_view::npos) {
    const std::string w(trim(value));
    return {w, w};
  }
  return {std::string(trim(value.substr(0, bar))), std::string(trim(value.substr(bar + 1)))};
}

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

constexpr int kMaxBaseDepth = 4;

}  // namespace

std::vector<std::string> Vocabulary::profile_names() {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < detail::kEmbeddedProfileCount; ++i)
    names.emplace_back(detail::kEmbeddedProfiles[i].name);
  std::sort(names.begin(), names.end());
  return names;
}

const std::vector<std::string>& Vocabulary::required_keys() {
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> k = {"meta.voice", "meta.rate", "meta.plural", "meta.language"};
    for (char f = 'a'; f <= 'h'; ++f) k.push_back(std::string("file.") + f);
    for (char r = '1'; r <= '8'; ++r) k.push_back(std::string("rank.") + r);
    for (const char* p : {"king", "queen", "rook", "bishop", "knight", "pawn"})
      k.push_back(std::string("piece.") + p);
    for (const char* w : {"castle.short", "castle.long", "move.capture", "move.check", "move.mate",
                          "move.en_passant", "move.promotes_to", "color.white", "color.black",
                          "number.compose", "number.compose_hundreds", "board.pegboard",
                          "board.eboard", "result.white_wins", "result.black_wins", "result.draw"})
      k.push_back(w);
    for (int n = 0; n <= 20; ++n) k.push_back("number." + std::to_string(n));
    for (int n = 30; n <= 90; n += 10) k.push_back("number." + std::to_string(n));
    for (int n = 100; n <= 900; n += 100) k.push_back("number." + std::to_string(n));
    for (const char* u : {"hour", "minute", "second", "move"}) {
      k.push_back(std::string("unit.") + u + ".one");
      k.push_back(std::string("unit.") + u + ".other");
    }
    for (const char* s : {"illegal_move",     "illegal_move_expected",
                          "board_mismatch",   "time_readout",
                          "time_control",     "time_control_added",
                          "low_time",         "flag_fall",
                          "draw_claim",       "game_end",
                          "correction_move",  "correction_remove",
                          "correction_place", "board_connected",
                          "board_lost",       "board_reconnected",
                          "no_sound",         "board_empty",
                          "captured",         "captured_none",
                          "draw_offer"})
      k.push_back(std::string("say.") + s);
    for (const char* r : {"checkmate", "stalemate", "dead_position", "fivefold",
                          "seventy_five_moves", "threefold", "fifty_moves", "agreement",
                          "resignation", "time_forfeit", "time_forfeit_draw", "arbiter"})
      k.push_back(std::string("reason.") + r);
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

Result<Vocabulary> Vocabulary::parse(std::string_view text, std::string_view name) {
  Vocabulary v;
  v.name_ = std::string(name);
  if (const auto slash = v.name_.find_last_of('/'); slash != std::string::npos)
    v.name_ = v.name_.substr(slash + 1);
  if (v.name_.ends_with(".txt")) v.name_.resize(v.name_.size() - 4);
  if (auto ok = v.read_lines(text, name, 0); !ok) return fail(ok.error());
  std::string missing;
  for (const auto& key : required_keys())
    if (!v.find(key)) missing += (missing.empty() ? "" : ", ") + key;
  if (!missing.empty())
    return fail("vocabulary profile " + std::string(name) + " lacks the keys: " + missing);
  if (v.rate() < 80 || v.rate() > 450)
    return fail("vocabulary profile " + std::string(name) +
                ": meta.rate must be words a minute, 80 to 450");
  if (v.plural_rule() != "one-other" && v.plural_rule() != "slavic")
    return fail("vocabulary profile " + std::string(name) +
                ": meta.plural must be one-other or slavic");
  return v;
}

Status Vocabulary::read_lines(std::string_view text, std::string_view name, int depth) {
  int line_number = 0;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const auto end = std::min(text.find('\n', pos), text.size());
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_number;
    if (const auto hash = line.find('#'); hash != std::string_view::npos)
      line = line.substr(0, hash);
    line = trim(line);
    if (line.empty()) continue;
    const auto eq = line.find('=');
    const auto where = std::string(name) + ":" + std::to_string(line_number) + ": ";
    if (eq == std::string_view::npos) return fail(where + "expected `key = word`");
    const std::string key(trim(line.substr(0, eq)));
    const Word word = read_word(line.substr(eq + 1));
    if (key.empty() || word.display.empty() || word.spoken.empty())
      return fail(where + "expected `key = word` or `key = display | spoken`");
    if (key == "meta.base") {
      const auto* base = embedded(word.display);
      if (!base) {
        return fail(where + "meta.base names no shipped profile (" + joined_profile_names() + ")");
      }
      if (depth >= kMaxBaseDepth) return fail(where + "meta.base chain too long (a loop?)");
      if (auto ok = read_lines(base->text, base->name, depth + 1); !ok) return ok;
      continue;
    }
    words_[key] = word;
  }
  return {};
}

Status Vocabulary::apply_overrides(const std::map<std::string, std::string>& overrides) {
  std::map<std::string, std::string, std::less<>> by_underscored;
  for (const auto& [key, word] : words_) by_underscored[underscored(key)] = key;
  auto updated = words_;
  for (const auto& [key, value] : overrides) {
    std::string target;
    if (words_.count(key)) {
      target = key;
    } else if (const auto it = by_underscored.find(underscored(key)); it != by_underscored.end()) {
      target = it->second;
    } else {
      std::string closest;
      std::size_t best = 4;
      for (const auto& [known, word] : words_) {
        const auto d = std::min(edit_distance(key, known), edit_distance(key, underscored(known)));
        if (d < best) best = d, closest = known;
      }
      return fail("\"" + key + "\" is no word of profile " + name_ +
                  (closest.empty() ? "" : " (did you mean " + underscored(closest) + "?)"));
    }
    Word word = read_word(value);
    if (word.display.empty() || word.spoken.empty())
      return fail("\"" + key + "\": the word is empty");
    updated[target] = std::move(word);
  }
  words_ = std::move(updated);
  return {};
}

const Word* Vocabulary::find(std::string_view key) const {
  const auto it = words_.find(key);
  return it == words_.end() ? nullptr : &it->second;
}

Word Vocabulary::word(std::string_view key) const {
  if (const auto* w = find(key)) return *w;
  const std::string shown = "<" + std::string(key) + ">";
  return {shown, shown};
}

std::string Vocabulary::meta(std::string_view key) const {
  const auto* w = find("meta." + std::string(key));
  return w ? w->spoken : std::string();
}

int Vocabulary::rate() const {
  const std::string text = meta("rate");
  int rate = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), rate);
  return error == std::errc() && end == text.data() + text.size() ? rate : 0;
}

}  // namespace annabella::speech
