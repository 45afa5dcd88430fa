#include "app/station_text.h"

#include "core/scoresheet.h"

#include <algorithm>

#include "core/text.h"
#include "core/time_control.h"

namespace annabella::app::text {

std::string side(core::Color c) {
  return c == core::WHITE ? "White" : "Black";
}

std::string move_number(const core::Position& start, std::size_t ply) {
  return core::move_number_label(start, ply) + " ";  // the scoresheet's numbering (Art. 8.1)
}

std::string clock_time(std::chrono::nanoseconds remaining) {
  return core::format_hms(std::max(remaining, std::chrono::nanoseconds::zero()));
}

std::string clocks(std::chrono::nanoseconds white, std::chrono::nanoseconds black) {
  return "White " + clock_time(white) + ", Black " + clock_time(black);
}

std::string count(long long n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

std::string move_in_words(const core::Position& before, core::Move move) {
  if (move.kind() == core::MoveKind::Castling)
    return core::file_of(move.to()) > core::file_of(move.from()) ? "castling king side"
                                                                 : "castling queen side";
  const core::Piece piece = before.piece_on(move.from());
  std::string words = std::string(core::piece_type_name(core::type_of(piece))) + " " +
                      core::square_name(move.from()) + "-" + core::square_name(move.to());
  if (move.kind() == core::MoveKind::Promotion)
    words += " becoming " + std::string(core::piece_type_name(move.promotion()));
  return words;
}

std::string letters_name(std::string_view code) {
  static constexpr std::pair<std::string_view, std::string_view> kNames[] = {
      {"en", "English"},  {"de", "German"},
      {"fr", "French"},   {"es", "Spanish"},
      {"it", "Italian"},  {"nl", "Dutch"},
      {"ru", "Russian"},  {"mk", "Macedonian"},
      {"sr", "Serbian"},  {"sr-Cyrl", "Serbian Cyrillic"},
      {"bg", "Bulgarian"}};
  for (const auto& [key, name] : kNames)
    if (code == key) return std::string(name) + " letters";
  if (code.starts_with("profile")) return "the profile's words";
  return std::string(code) + " letters";
}

std::string record_error(const std::string& why) {
  return "RECORD ERROR: " + why + ". The game continues; keep the paper scoresheets.";
}

std::string record_caught_up(std::uint64_t entries) {
  return "record: the disk has room again; the journal is complete (" +
         count(static_cast<long long>(entries), "entry", "entries") + ")";
}

std::string restored(const GameRecord& g, const RestoredClocks* clock, const std::string& torn) {
  const auto& h = g.header();
  std::string out = "Restored the game " + core::escape_controls(h.white) + " - " +
                    core::escape_controls(h.black) + " after " +
                    count(static_cast<long long>(g.moves().size()), "half-move", "half-moves");
  if (!g.moves().empty()) {
    const std::size_t last = g.moves().size() - 1;
    out +=
        " (last move " + move_number(g.game().start_position(), last) + g.moves()[last].san + ")";
  }
  if (clock) {
    out += "; clocks " + clocks(clock->white_left, clock->black_left) +
           " as at the last recorded event (" + core::format_hms(g.last_event_at()) +
           " into the game)";
    if (clock->charged > Millis(0))
      out += "; " + side(clock->charged_side) + "'s clock charged " +
             core::format_hms(clock->charged) + " from " + core::format_hms(g.clocks_set_at()) +
             " up to the last recorded event at " + core::format_hms(g.last_event_at());
    out +=
        "; the time the station was down after it is charged to nobody (the arbiter may adjust "
        "the clocks, Art. 6.10.2)";
  }
  if (g.game().is_over()) out += "; the game is over: " + core::result_text(g.game().end().result);
  if (g.adjourned())
    out +=
        "; adjourned: the sealed move waits in its envelope; at the resumption the arbiter "
        "types open-envelope and the sealed move is made (Guidelines I)";
  if (!torn.empty()) out += ". Dropped a torn last entry: " + torn;
  return out + ".";
}

}  // namespace annabella::app::text
