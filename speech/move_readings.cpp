// The readings of an ambiguous written move in words: see move_readings.h.
#include "speech/move_readings.h"

#include <array>
#include <utility>

namespace annabella::speech {

std::string letters_label(std::string_view letters) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 12> kNames = {{
      {"en", "English"},
      {"de", "German"},
      {"fr", "French"},
      {"es", "Spanish"},
      {"it", "Italian"},
      {"nl", "Dutch"},
      {"ru", "Russian"},
      {"mk", "Macedonian"},
      {"sr", "Serbian (Latin)"},
      {"sr-Cyrl", "Serbian (Cyrillic)"},
      {"bg", "Bulgarian"},
      {"custom", "custom"},
  }};
  constexpr std::string_view kProfile = "profile ";
  if (letters.starts_with(kProfile))
    return "the " + std::string(letters.substr(kProfile.size())) + " profile's words";
  for (const auto& [code, name] : kNames)
    if (code == letters) return std::string(name) + " letters";
  return std::string(letters) + " letters";
}

std::string describe_reading(const core::Position& pos, const core::MoveReading& reading) {
  const core::Move m = reading.move;
  std::string s;
  if (m.kind() == core::MoveKind::Castling) {
    s = core::file_of(m.to()) > core::file_of(m.from()) ? "castling short" : "castling long";
  } else {
    s = std::string(core::piece_type_name(core::type_of(pos.piece_on(m.from())))) + " " +
        core::square_name(m.from()) + (pos.is_capture(m) ? "x" : "-") + core::square_name(m.to());
    if (m.kind() == core::MoveKind::Promotion)
      s += " promoting to a " + std::string(core::piece_type_name(m.promotion()));
  }
  return s + " (" + letters_label(reading.letters) + ")";
}

std::string describe_readings(const core::Position& pos, std::string_view text,
                              const std::vector<core::MoveReading>& readings) {
  std::string s = std::string(text) + ":";
  for (std::size_t i = 0; i < readings.size(); ++i)
    s += (i == 0 ? " " : " or ") + describe_reading(pos, readings[i]);
  return s;
}

}  // namespace annabella::speech
