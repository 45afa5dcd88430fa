#include "speech/language.h"

#include <algorithm>

#include "speech/profile_data.h"

namespace annabella::speech {
namespace {

const detail::EmbeddedProfile* embedded_language(std::string_view code) {
  for (std::size_t i = 0; i < detail::kEmbeddedLanguageCount; ++i)
    if (detail::kEmbeddedLanguages[i].name == code) return &detail::kEmbeddedLanguages[i];
  return nullptr;
}

std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

const char* const kUnits[] = {"hour", "minute", "second", "move"};

void add_keys(std::vector<std::string>& keys, std::string_view prefix,
              std::initializer_list<const char*> names) {
  for (const char* name : names) keys.push_back(std::string(prefix) + name);
}

}  // namespace

std::vector<std::string> Language::codes() {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < detail::kEmbeddedLanguageCount; ++i)
    out.emplace_back(detail::kEmbeddedLanguages[i].name);
  std::sort(out.begin(), out.end());
  return out;
}

std::string Language::supported_list() {
  std::string out;
  for (const auto& code : codes()) {
    WordTable table;  // read without the checks: this list is what a failed load() shows
    out += (out.empty() ? "" : ", ") + code;
    if (table.read({code, embedded_language(code)->text}, nullptr, "") &&
        !table.meta("english").empty())
      out += " (" + table.meta("english") + ")";
  }
  return out;
}

const std::vector<std::string>& Language::required_keys() {
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> k = {"meta.title",  "meta.english",   "meta.voice",
                                  "meta.plural", "number.compose", "number.compose_hundreds"};
    for (int n = 0; n <= 20; ++n) k.push_back("number." + std::to_string(n));
    for (int n = 30; n <= 90; n += 10) k.push_back("number." + std::to_string(n));
    for (int n = 100; n <= 900; n += 100) k.push_back("number." + std::to_string(n));
    for (const char* u : kUnits)
      for (const char* form : {".one", ".other", ".gender"})
        k.push_back(std::string("unit.") + u + form);
    for (const char* p : {"king", "queen", "rook", "bishop", "knight", "pawn"})
      k.push_back(std::string("piece.") + p);
    for (const char* w : {"source.keypad", "source.assistant", "source.voice"}) k.push_back(w);
    for (const char* w : {"color.white", "color.black", "board.pegboard", "board.eboard",
                          "device.sound", "device.braille_display", "device.tactile_clock",
                          "result.white_wins", "result.black_wins", "result.draw"})
      k.push_back(w);
    for (const char* s : {"illegal_move",
                          "illegal_move_expected",
                          "board_mismatch",
                          "time_readout",
                          "time_used",
                          "time_control",
                          "time_control_added",
                          "low_time",
                          "moves_to_control",
                          "flag_fall",
                          "draw_offer",
                          "draw_claim",
                          "game_end",
                          "correction_move",
                          "correction_remove",
                          "correction_place",
                          "board_empty",
                          "square_piece",
                          "captured",
                          "captured_none",
                          "board_connected",
                          "board_lost",
                          "board_not_connected",
                          "board_reconnected",
                          "no_sound",
                          "menu_item",
                          "menu_position",
                          "setting_value",
                          "confirm_question",
                          "confirmed",
                          "cancelled",
                          "move_sources",
                          "enter_move",
                          "claim_rejected",
                          "not_possible",
                          "restore_board",
                          "board_restored",
                          "entry_refused",
                          "reading_question",
                          "promotion_question",
                          "resumed",
                          "held_move",
                          "execute_move",
                          "game_move_number",
                          "question_cancelled",
                          "question_interrupted",
                          "no_arbiter",
                          "move_waits_menu",
                          "taken_back",
                          "board_right",
                          "put_back",
                          "move_waits_clocks"})
      k.push_back(std::string("say.") + s);
    // The braille clock line (D.2.6, tactile/clock_output.h ClockLineWords).
    add_keys(k, "clock.", {"white", "black", "move", "flag", "paused", "paused_letter"});
    add_keys(k, "reason.",
             {"checkmate", "stalemate", "dead_position", "fivefold", "seventy_five_moves",
              "threefold", "fifty_moves", "agreement", "resignation", "time_forfeit",
              "time_forfeit_draw", "arbiter"});
    // Why a request of the VI player was refused (speech/menu_phrases.h, Refusal).
    add_keys(k, "refusal.",
             {"game_over", "not_your_move", "no_move_yet", "no_draw_offer", "no_question",
              "unknown_reading", "not_legal", "no_push_to_talk", "move_on_board", "other",
              "no_completed_move", "no_promotion"});
    for (const char* m :
         {"title", "time", "board", "captured", "last_move", "offer_draw", "call_arbiter", "resign",
          "language", "volume", "speech_rate", "warnings", "announcement_form", "back", "close",
          // Guidelines III.6: a draw claimed with no arbiter present, and its verification.
          "claim_no_arbiter", "grounds_cannot_win", "grounds_no_effort", "grounds_both",
          "verify_claim", "dispute_claim",
          // Art. 3.7.5.1: the promotion piece, while the station waits for it.
          "promote"})
      k.push_back(std::string("menu.") + m);
    for (const char* a : {"yes", "no", "confirm", "cancel", "on", "off", "short", "long"})
      k.push_back(std::string("answer.") + a);
    return k;
  }();
  return keys;
}

Status Language::check(const WordTable& table, std::string_view name) {
  std::vector<std::string> keys = required_keys();
  const std::string plural = table.meta("plural");
  if (plural == "slavic") {
    for (const char* u : kUnits)
      for (const char* form : {".few", ".many"}) keys.push_back(std::string("unit.") + u + form);
  } else if (!plural.empty() && plural != "one-other" && plural != "ones-other") {
    return fail(std::string(name) + ": meta.plural must be one-other, ones-other or slavic");
  }
  if (const auto missing = table.missing(keys); !missing.empty())
    return fail(std::string(name) + " lacks the keys: " + missing);
  return {};
}

Result<Language> Language::load(std::string_view code) {
  std::string wanted = lower_ascii(code);
  if (wanted == "sr-latn") wanted = "sr";
  for (const auto& known : codes()) {
    if (lower_ascii(known) != wanted) continue;
    const auto* text = embedded_language(known);
    WordTable table;
    if (auto ok =
            table.read({"language " + known, text->text}, nullptr, "base (languages have none)");
        !ok)
      return fail(ok.error());
    if (auto ok = check(table, "language " + known); !ok) return fail(ok.error());
    return Language(known, std::move(table));
  }
  return fail("unknown language \"" + std::string(code) + "\"; supported: " + supported_list());
}

}  // namespace annabella::speech
