#include "speech/wording.h"

#include "speech/numbers.h"

namespace annabella::speech::wording {

Words& Words::add(const Word& w) {
  return add(w, " ");
}

Words& Words::add(const Word& w, std::string_view separator) {
  if (w.display.empty()) return *this;
  if (!display_.empty()) display_ += separator, spoken_ += separator;
  display_ += w.display;
  spoken_ += w.spoken;
  return *this;
}

namespace {

// The value of one place: `name` or `name:form`.
const std::string* value_of(std::string_view place, const Args& args, bool spoken,
                            const Language& language, std::string& scratch) {
  const auto colon = place.find(':');
  const std::string_view name = place.substr(0, colon);
  for (const auto& arg : args) {
    if (arg.name != name) continue;
    if (colon == std::string_view::npos || arg.number < 0)
      return spoken ? &arg.word.spoken : &arg.word.display;
    const Word formed = number_words(language, arg.number, place.substr(colon + 1));
    scratch = spoken ? formed.spoken : formed.display;
    return &scratch;
  }
  return nullptr;
}

std::string fill_one(const std::string& text, const Args& args, bool spoken,
                     const Language& language) {
  std::string out, scratch;
  for (std::size_t i = 0; i < text.size();) {
    const auto close = text[i] == '{' ? text.find('}', i) : std::string::npos;
    if (close != std::string::npos) {
      const std::string_view place(text.data() + i + 1, close - i - 1);
      if (const auto* value = value_of(place, args, spoken, language, scratch)) {
        out += *value;
        i = close + 1;
        continue;
      }
    }
    out += text[i++];
  }
  return out;
}

}  // namespace

Word fill(const Word& pattern, const Args& args, const Language& language) {
  return {fill_one(pattern.display, args, false, language),
          fill_one(pattern.spoken, args, true, language)};
}

Word in_voice(const Word& w, std::string_view voice, std::string_view phrase_voice) {
  if (voice.empty() || voice == phrase_voice || w.spoken.empty()) return w;
  return {w.display, "<voice name=\"" + std::string(voice) + "\">" + w.spoken + "</voice>"};
}

Phrase make(PhraseKind kind, const Word& w, std::string voice, std::string topic) {
  return {kind, w.display, w.spoken, std::move(topic), std::move(voice)};
}

}  // namespace annabella::speech::wording

namespace annabella::speech::wording {

std::string piece_key(core::PieceType pt) {
  switch (pt) {
    case core::KING:
      return "piece.king";
    case core::QUEEN:
      return "piece.queen";
    case core::ROOK:
      return "piece.rook";
    case core::BISHOP:
      return "piece.bishop";
    case core::KNIGHT:
      return "piece.knight";
    default:
      return "piece.pawn";
  }
}

Word piece_object(const Language& words, core::PieceType pt) {
  if (const auto* w = words.find(piece_key(pt) + ".object")) return *w;
  return words.word(piece_key(pt));
}

}  // namespace annabella::speech::wording
