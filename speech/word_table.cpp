#include "speech/word_table.h"

#include <algorithm>

namespace annabella::speech {
namespace {

std::string_view trim(std::string_view s) {
  const auto* ws = " \t\r\n";
  const auto first = s.find_first_not_of(ws);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(ws) - first + 1);
}

constexpr int kMaxBaseDepth = 4;

}  // namespace

Word read_word(std::string_view value) {
  const auto bar = value.find('|');
  if (bar == std::string_view::npos) {
    std::string w(trim(value));
    return {w, w};
  }
  return {std::string(trim(value.substr(0, bar))), std::string(trim(value.substr(bar + 1)))};
}

Status WordTable::read(const Base& source, const BaseResolver& resolve,
                       std::string_view known_bases) {
  return read_at_depth(source, resolve, known_bases, 0);
}

Status WordTable::read_at_depth(const Base& source, const BaseResolver& resolve,
                                std::string_view known_bases, int depth) {
  const std::string_view text = source.text;
  const std::string_view name = source.name;
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
    Word word = read_word(line.substr(eq + 1));
    if (key.empty() || word.display.empty() || word.spoken.empty())
      return fail(where + "expected `key = word` or `key = display | spoken`");
    if (key != "meta.base") {
      set(key, std::move(word), std::string(name) + ":" + std::to_string(line_number));
      continue;
    }
    const auto base = resolve ? resolve(word.display) : std::nullopt;
    if (!base) return fail(where + "meta.base names no " + std::string(known_bases));
    if (depth >= kMaxBaseDepth) return fail(where + "meta.base chain too long (a loop?)");
    if (auto ok = read_at_depth(*base, resolve, known_bases, depth + 1); !ok) return ok;
  }
  return {};
}

const Word* WordTable::find(std::string_view key) const {
  const auto it = words_.find(key);
  return it == words_.end() ? nullptr : &it->second;
}

std::string WordTable::origin(std::string_view key) const {
  const auto it = origins_.find(key);
  return it == origins_.end() ? std::string() : it->second;
}

Word WordTable::word(std::string_view key) const {
  if (const auto* w = find(key)) return *w;
  const std::string shown = "<" + std::string(key) + ">";
  return {shown, shown};
}

std::string WordTable::meta(std::string_view key) const {
  const auto* w = find("meta." + std::string(key));
  return w ? w->spoken : std::string();
}

std::string WordTable::missing(const std::vector<std::string>& keys) const {
  std::string out;
  for (const auto& key : keys)
    if (!find(key)) out += (out.empty() ? "" : ", ") + key;
  return out;
}

}  // namespace annabella::speech
