// The table of every configuration key: type, allowed values, help text, how to show and set it.
#include <algorithm>
#include <sstream>

#include "config/config.h"
#include "core/position.h"
#include "core/text.h"
#include "speech/language.h"

namespace annabella::config {
namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

template <class T>
std::string join_list(const std::vector<T>& items, bool quote) {
  std::ostringstream out;
  out << '[';
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out << ", ";
    if constexpr (std::is_same_v<T, std::string>) {
      out << (quote ? quoted(items[i]) : items[i]);
    } else {
      out << items[i];
    }
  }
  out << ']';
  return out.str();
}

// Builders for the common kinds. `field` returns a reference to the stored value. Every text is
// plain text (check_plain_text); `check` says what else a value must be.
template <class F>
KeySpec text(std::string section, std::string key, std::string help, F field,
             std::function<Status(const std::string&)> check = nullptr) {
  KeySpec k;
  k.section = std::move(section);
  k.key = std::move(key);
  k.kind = ValueKind::String;
  k.help = std::move(help);
  k.show = [field](const StationConfig& c) { return quoted(field(c)); };
  k.set = [field, check](StationConfig& c, const Value& v) -> Status {
    const auto& value = std::get<std::string>(v);
    if (auto plain = check_plain_text(value); !plain) return plain;
    if (check)
      if (auto ok = check(value); !ok) return ok;
    field(c) = value;
    return {};
  };
  return k;
}

// game.start_fen: empty, or a position the game can start from, in standard chess or Chess960
// (X-FEN or Shredder-FEN castling rights, Guidelines II).
Status check_start_fen(const std::string& fen) {
  if (fen.empty()) return {};
  if (!core::Position::from_fen(fen) && !core::Position::from_fen(fen, core::Variant::Chess960))
    return fail(
        std::string("not a position a game can start from (FEN, standard chess or "
                    "Chess960); `annabella position --fen` says why"));
  return {};
}

template <class F>
KeySpec integer(std::string section, std::string key, std::string help, std::int64_t lo,
                std::int64_t hi, F field) {
  KeySpec k;
  k.section = std::move(section);
  k.key = std::move(key);
  k.kind = ValueKind::Integer;
  k.help = std::move(help);
  k.show = [field](const StationConfig& c) { return std::to_string(field(c)); };
  k.set = [field, lo, hi](StationConfig& c, const Value& v) -> Status {
    const std::int64_t n = std::get<std::int64_t>(v);
    if (n < lo || n > hi) {
      return fail(std::to_string(n) + " is out of range; allowed: " + std::to_string(lo) + ".." +
                  std::to_string(hi));
    }
    using T = std::remove_reference_t<decltype(field(c))>;
    field(c) = static_cast<T>(n);
    return {};
  };
  return k;
}

template <class F>
KeySpec boolean(std::string section, std::string key, std::string help, F field) {
  KeySpec k;
  k.section = std::move(section);
  k.key = std::move(key);
  k.kind = ValueKind::Bool;
  k.help = std::move(help);
  k.show = [field](const StationConfig& c) {
    return field(c) ? std::string("true") : std::string("false");
  };
  k.set = [field](StationConfig& c, const Value& v) -> Status {
    field(c) = std::get<bool>(v);
    return {};
  };
  return k;
}

// An enumeration stored as an enum class; `names` in the enum's order.
template <class E, class F>
KeySpec choice(std::string section, std::string key, std::string help,
               std::vector<std::string> names, F field) {
  KeySpec k;
  k.section = std::move(section);
  k.key = std::move(key);
  k.kind = ValueKind::String;
  k.allowed = names;
  k.help = std::move(help);
  k.show = [field, names](const StationConfig& c) {
    return quoted(names[static_cast<std::size_t>(field(c))]);
  };
  k.set = [field, names](StationConfig& c, const Value& v) -> Status {
    const auto& s = std::get<std::string>(v);
    const auto it = std::find(names.begin(), names.end(), s);
    if (it == names.end()) return fail("\"" + s + "\" is not allowed");
    field(c) = static_cast<E>(it - names.begin());
    return {};
  };
  return k;
}

// A player's language: one of the shipped languages (speech/language.h), stored by its code.
template <class F>
KeySpec language_key(const char* side, F player) {
  KeySpec k = text(
      side, "language",
      std::string("The language everything private is said in for the ") + side +
          " player: time, warnings, corrections, board readings, the menu (the move words stay "
          "speech.profile's, D.2.1).",
      [player](auto& c) -> auto& { return player(c).language; });
  for (const auto& code : speech::Language::codes()) {
    auto language = speech::Language::load(code);
    k.allowed.push_back(code + (language ? " (" + language->english_name() + ")" : ""));
  }
  k.set = [player](StationConfig& c, const Value& v) -> Status {
    auto language = speech::Language::load(std::get<std::string>(v));
    if (!language) return fail("\"" + std::get<std::string>(v) + "\" is not a supported language");
    player(c).language = language->code();
    return {};
  };
  return k;
}

std::vector<KeySpec> build_schema() {
  using C = StationConfig;
  std::vector<KeySpec> s;
  // [event]
  s.push_back(text(
      "event", "name", "The event's name (PGN tag Event).",
      [](auto& c) -> auto& { return c.event.name; }));
  s.push_back(text(
      "event", "site", "Where it is played (PGN tag Site).",
      [](auto& c) -> auto& { return c.event.site; }));
  s.push_back(text(
      "event", "date", "The date as YYYY.MM.DD (PGN tag Date); empty = the day the game starts.",
      [](auto& c) -> auto& { return c.event.date; }));
  s.back().set = [](C& c, const Value& v) -> Status {
    const auto& d = std::get<std::string>(v);
    const bool ok = d.empty() || (d.size() == 10 && d[4] == '.' && d[7] == '.' &&
                                  std::all_of(d.begin(), d.end(), [](char ch) {
                                    return ch == '.' || ch == '?' || (ch >= '0' && ch <= '9');
                                  }));
    if (!ok) return fail("\"" + d + "\" is not a date; allowed: YYYY.MM.DD (e.g. 2026.11.22)");
    c.event.date = d;
    return {};
  };
  s.push_back(text(
      "event", "round", "The round (PGN tag Round), e.g. \"3\" or \"3.1\".",
      [](auto& c) -> auto& { return c.event.round; }));
  s.push_back(integer(
      "event", "board", "The board number.", 1, 10000,
      [](auto& c) -> auto& { return c.event.board; }));
  // [white], [black]
  for (const char* side : {"white", "black"}) {
    const bool w = side[0] == 'w';
    auto player = [w](auto& c) -> auto& {
      return w ? c.white : c.black;
    };
    s.push_back(text(
        side, "name", std::string("The ") + side + " player's name, \"Surname, Given\".",
        [player](auto& c) -> auto& { return player(c).name; }));
    s.push_back(integer(
        side, "fide_id", "FIDE identification number; 0 = none.", 0,
        999999999, [player](auto& c) -> auto& { return player(c).fide_id; }));
    s.push_back(text(
        side, "federation",
        "Three-letter federation code (e.g. \"GER\"), or empty.", [player](auto& c) -> auto& {
          return player(c).federation;
        }));
    s.push_back(boolean(
        side, "visually_impaired",
        "Whether this player is visually impaired and plays on the pegboard.",
        [player](auto& c) -> auto& { return player(c).visually_impaired; }));
    s.push_back(language_key(side, player));
  }
  // [game]
  s.push_back(text(
      "game", "time_control",
      "FIDE-style (\"90 min/40 moves + 30 min + 30 s/move\") or a PGN TimeControl "
      "tag (\"40/5400+30:1800+30\").",
      // Read as the clock reads it, and worded in the language of the messages, by the
      // application's checks (app/config_check.h, station_problems).
      [](auto& c) -> auto& { return c.game.time_control; }));
  s.push_back(text(
      "game", "start_fen", "Start position as FEN; empty = the standard position.",
      [](auto& c) -> auto& { return c.game.start_fen; }, check_start_fen));
  s.push_back(integer(
      "game", "chess960",
      "Chess960 (Guidelines II): the start position 0-959 (518 is the standard one), or with "
      "game.start_fen that FEN read as Chess960; -1 = standard chess.",
      -1, 959, [](auto& c) -> auto& { return c.game.chess960; }));
  s.push_back(text(
      "game", "type",
      "The game type: \"auto\" (from the time for 60 moves: 10 minutes or less is blitz, B.1; "
      "under 60 is rapid, A.1), or \"standard\", \"rapid\", \"blitz\" as the event says.",
      // "auto" or a game type (core/game_type.h): checked by station_problems.
      [](auto& c) -> auto& { return c.game.type; }));
  s.push_back(text(
      "game", "supervision",
      "Rapid and blitz (A.5, B.5): \"appendix\" (A.4, B.4) or \"competition\" (A.3, B.3: the "
      "Competition Rules apply).",
      // A.3/B.3 or A.4/B.4 as the event's regulations say (A.5, B.5): checked by
      // station_problems.
      [](auto& c) -> auto& { return c.game.supervision; }));
  s.push_back(boolean(
      "game", "quickplay_guidelines",
      "Guidelines III (games without increment, quickplay finish) were announced in advance for "
      "this event (III.2.1); false = not announced: the arbiter's increment, quickplay-claim and "
      "both-flags are refused.",
      [](auto& c) -> auto& { return c.game.quickplay_guidelines; }));
  s.push_back(boolean(
      "game", "arbiter_present",
      "An arbiter supervises the game (Guidelines III.6); false = none is present: a player with "
      "less than two minutes claims a draw with unsupervised-claim, which ends the game and is "
      "referred to an arbiter (III.6.1, III.6.2).",
      [](auto& c) -> auto& { return c.game.arbiter_present; }));
  // [pegboard]
  s.push_back(text(
      "pegboard", "port",
      "The VI player's pegboard: a serial device (/dev/ttyUSB0), a pseudo-terminal, "
      "or \"simulator\" for the built-in board simulator.",
      [](auto& c) -> auto& { return c.pegboard.port; }));
  s.push_back(choice<BoardWire>(
      "pegboard", "protocol", "The board's protocol: the open peg protocol or DGT's.",
      {"dgt", "peg"}, [](auto& c) -> auto& { return c.pegboard.protocol; }));
  s.push_back(integer(
      "pegboard", "settle_ms", "How long the board must be still before a placement is judged.", 0,
      5000, [](auto& c) -> auto& { return c.pegboard.settle_ms; }));
  s.push_back(choice<AnnounceMode>(
      "pegboard", "announce",
      "How the VI player's move is announced, which makes it (D.2.3): \"pause\" = by the "
      "station once the completed move has stood untouched for announce_pause_ms, or at once by "
      "the board's ANNOUNCE button; \"button\" = only when he presses ANNOUNCE.",
      {"pause", "button"}, [](auto& c) -> auto& { return c.pegboard.announce; }));
  s.push_back(integer(
      "pegboard", "announce_pause_ms",
      "announce = \"pause\": how long a completed move must stand untouched before the station "
      "announces it (D.2.3); time for a hand to feel the hole, correct it, or castle rook first.",
      500, 10000, [](auto& c) -> auto& { return c.pegboard.announce_pause_ms; }));
  // [sighted_board]
  s.push_back(choice<SightedInput>(
      "sighted_board", "input",
      "How the sighted player's moves reach the station: \"keyboard\" (the assistant types "
      "them at the console) or a \"dgt\" e-board.",
      {"keyboard", "dgt"}, [](auto& c) -> auto& { return c.sighted_board.input; }));
  s.push_back(text(
      "sighted_board", "port", "The DGT e-board's serial device (input = \"dgt\").",
      [](auto& c) -> auto& { return c.sighted_board.port; }));
  // [console]
  KeySpec letters = text(
      "console", "letters",
      "The piece letters the assistant types moves in (\"en\", \"de\", \"fr\", ... or "
      "\"custom:K D T L S\"). Empty: English and the speech profile's language; a move that "
      "reads as two different moves in them (\"Bc5\") is then never guessed (D.2.1).",
      // A code core::piece_letters_for knows: checked, and worded, by station_problems.
      [](auto& c) -> auto& { return c.console.letters; });
  s.push_back(std::move(letters));
  s.push_back(boolean(
      "console", "timestamps",
      "Whether each console line starts with the time since the start; the station's log "
      "always keeps it.",
      [](auto& c) -> auto& { return c.console.timestamps; }));
  s.push_back(boolean(
      "console", "line_editing",
      "Line editing and history (arrow keys) when the console is a terminal; false: plain "
      "lines.",
      [](auto& c) -> auto& { return c.console.line_editing; }));
  // [audio]
  s.push_back(text(
      "audio", "public_device",
      "Sound device for moves, heard by both players: \"default\", part of a "
      "device name, or \"none\".",
      [](auto& c) -> auto& { return c.audio.public_device; }));
  s.push_back(text(
      "audio", "private_device",
      "The VI player's earpiece (time, warnings, corrections): \"default\", part of "
      "a device name, or \"none\" (then the public device).",
      [](auto& c) -> auto& { return c.audio.private_device; }));
  // [speech]
  s.push_back(text(
      "speech", "profile",
      "Vocabulary profile: \"fide\" (D.2.1's words), or another shipped profile.",
      [](auto& c) -> auto& { return c.speech.profile; }));
  s.push_back(choice<AnnouncementForm>(
      "speech", "form",
      "\"short\" (Springer Felix drei) or \"long\", with the departure square (Springer "
      "Gustav eins Felix drei).",
      {"short", "long"}, [](auto& c) -> auto& { return c.speech.form; }));
  s.push_back(choice<Verbosity>(
      "speech", "verbosity",
      "How much is said beyond the moves: quiet (a lost board, but not its return), normal, or "
      "verbose (each lifted piece named privately, as the board knows it).",
      {"quiet", "normal", "verbose"}, [](auto& c) -> auto& { return c.speech.verbosity; }));
  s.push_back(boolean(
      "speech", "say_draw_claims",
      "Tell the VI player privately when threefold repetition or 50 moves can be claimed. Off: "
      "a device must not point out a claim the player has to find himself (Art. 11.3); for "
      "training games or when the arbiter allows it.",
      [](auto& c) -> auto& { return c.speech.say_draw_claims; }));
  s.push_back(boolean(
      "speech", "name_captured_piece",
      "Name the captured piece in announcements (\"schlägt Bauer\").",
      [](auto& c) -> auto& { return c.speech.name_captured_piece; }));
  // [warnings]
  {
    KeySpec k;
    k.section = "warnings";
    k.key = "minutes_left";
    k.kind = ValueKind::IntegerList;
    k.help = "Spoken low-time warnings, in minutes left, e.g. [10, 5, 1]; [] = none.";
    k.show = [](const C& c) { return join_list(c.warnings.minutes_left, false); };
    k.set = [](C& c, const Value& v) -> Status {
      std::vector<int> out;
      for (std::int64_t n : std::get<std::vector<std::int64_t>>(v)) {
        if (n < 1 || n > 600) {
          return fail(std::to_string(n) + " is out of range; allowed: minutes 1..600");
        }
        out.push_back(static_cast<int>(n));
      }
      c.warnings.minutes_left = out;
      return {};
    };
    s.push_back(k);
  }
  s.push_back(integer(
      "warnings", "moves_before_control",
      "Say \"N moves to the time control\" N moves before it; 0 = never.", 0, 40,
      [](auto& c) -> auto& { return c.warnings.moves_before_control; }));
  // [braille_display]
  s.push_back(boolean(
      "braille_display", "enabled",
      "Use a refreshable braille display (BrlAPI): both clocks and the move number, "
      "the player's menu and readings, and his keys (docs/players-guide.md).",
      [](auto& c) -> auto& { return c.braille_display.enabled; }));
  s.push_back(text(
      "braille_display", "host", "BrlAPI host, e.g. \"127.0.0.1:1\"; empty = the local BRLTTY.",
      [](auto& c) -> auto& { return c.braille_display.host; }));
  // [tactile_clock]
  s.push_back(text(
      "tactile_clock", "port",
      "The tactile clock's serial device (docs/tactile-clock-protocol.md), or "
      "\"none\".",
      [](auto& c) -> auto& { return c.tactile_clock.port; }));
  // [record]
  s.push_back(text(
      "record", "folder",
      "Where the journal and the exports (PGN, braille scoresheet, touch log) go.",
      [](auto& c) -> auto& { return c.record.folder; }));
  s.push_back(text(
      "record", "braille_table",
      "The liblouis table of the braille scoresheet: \"auto\" for the braille table of the "
      "visually impaired player's language (docs/languages.md), or a table by name, without a "
      "folder, with six-dot cells: \"en-ueb-g1.ctb\" (unified English braille), "
      "\"en-us-g1.ctb\" (American, EBAE) or \"de-g0.utb\" (ls /usr/share/liblouis/tables).",
      [](auto& c) -> auto& { return c.record.braille_table; }));
  s.push_back(integer(
      "record", "braille_cells_per_line",
      "Cells a line of the braille scoresheet (D.2.7): 40 for the braille standard's page (BANA), "
      "fewer for a notetaker or narrow paper; a longer line is wrapped at a blank cell.",
      kMinBrailleCells, kMaxBrailleCells,
      [](auto& c) -> auto& { return c.record.braille_cells_per_line; }));
  s.push_back(integer(
      "record", "braille_lines_per_page",
      "Lines a page of the braille scoresheet, the page number's line included (25 for the "
      "braille standard's page).",
      kMinBrailleLines, kMaxBrailleLines,
      [](auto& c) -> auto& { return c.record.braille_lines_per_page; }));
  s.push_back(text(
      "record", "key_folder",
      "Where the station's signing key for the recording's seal is kept (D.2.7); empty: "
      "$XDG_DATA_HOME/annabella or ~/.local/share/annabella. Made on first use, readable by its "
      "owner only.",
      [](auto& c) -> auto& { return c.record.key_folder; }));
  s.push_back(integer(
      "record", "seal_every_seconds",
      "The recording is sealed during the game too (D.2.7), after a move and at most once in "
      "this many seconds, so that a crash leaves it proven up to its last seal; 0: sealed only "
      "at the end, an adjournment and a stop.",
      0, kMaxSealEverySeconds, [](auto& c) -> auto& { return c.record.seal_every_seconds; }));
  // [voice]
  s.push_back(text(
      "voice", "input",
      "The microphone that hears the sighted player's announcements (D.2.1) and the VI player's "
      "requests: \"default\" or part of a capture device's name; empty: no voice input.",
      [](auto& c) -> auto& { return c.voice.input; }));
  s.push_back(choice<VoiceConfirm>(
      "voice", "confirm",
      "When a heard move is entered after the station repeats it: \"at once\", \"word\" (the "
      "speaker says \"ja\" or the assistant types yes) or \"assistant\" (yes at the console).",
      {"at once", "word", "assistant"}, [](auto& c) -> auto& { return c.voice.confirm; }));
  s.push_back(integer(
      "voice", "threshold_percent",
      "The confidence (per cent) a heard move or request needs; below it the station asks again.",
      0, 100, [](auto& c) -> auto& { return c.voice.threshold_percent; }));
  s.push_back(integer(
      "voice", "confirm_seconds",
      "How long a repeated move waits for its confirmation before it is dropped.", 1, 600,
      [](auto& c) -> auto& { return c.voice.confirm_seconds; }));
  s.push_back(boolean(
      "voice", "push_to_talk",
      "For noisy halls: only speech while the push-to-talk button is held is decoded (the "
      "commands \"talk\" and \"talk end\", on the console or the sighted player's keypad).",
      [](auto& c) -> auto& { return c.voice.push_to_talk; }));
  s.push_back(text(
      "voice", "speaker",
      "The player whose voice the recogniser is adapted to (made before the round by "
      "\"annabella voice adapt --player NAME\"); empty: not adapted.",
      [](auto& c) -> auto& { return c.voice.speaker; }));
  return s;
}

}  // namespace

std::string_view kind_name(ValueKind kind) {
  switch (kind) {
    case ValueKind::Bool:
      return "true or false";
    case ValueKind::Integer:
      return "an integer";
    case ValueKind::String:
      return "a string";
    case ValueKind::IntegerList:
      return "a list of integers";
    case ValueKind::StringList:
      return "a list of strings";
  }
  return "?";
}

const std::vector<KeySpec>& schema() {
  static const std::vector<KeySpec> table = build_schema();
  return table;
}

const std::vector<std::string>& open_sections() {
  static const std::vector<std::string> sections = {"speech.words"};
  return sections;
}

std::string_view section_help(std::string_view section) {
  if (section == "event") return "The event, for the PGN tags and the scoresheet.";
  if (section == "white") return "The player of the white pieces.";
  if (section == "black") return "The player of the black pieces.";
  if (section == "game") return "The time control and the start position.";
  if (section == "pegboard") return "The VI player's board (D.1): a sensor pegboard.";
  if (section == "sighted_board")
    return "The sighted player's board: a DGT e-board, or none (the assistant enters moves).";
  if (section == "console") return "The assistant's console (docs/assistants-guide.md).";
  if (section == "audio") return "Sound routes (D.2.1 announcing; D.2.10.4 time on request).";
  if (section == "speech") return "What the station says and how.";
  if (section == "speech.words")
    return "Vocabulary overrides (\"unless the arbiter decides otherwise\", D.2.1): word key = "
           "spoken word, e.g. file_e = \"Emil\".";
  if (section == "warnings") return "Low-time warnings (off unless set).";
  if (section == "braille_display") return "A refreshable braille display (D.2.6).";
  if (section == "tactile_clock") return "A tactile clock device (D.2.6).";
  if (section == "record") return "The record: journal and exports written as the game goes.";
  if (section == "voice") return "Voice input: spoken moves and requests (docs/voice.md).";
  return "";
}

std::vector<std::string> cross_check(const StationConfig& c) {
  std::vector<std::string> problems;
  if (!c.white.visually_impaired && !c.black.visually_impaired) {
    problems.push_back(
        "white.visually_impaired, black.visually_impaired: neither player is visually "
        "impaired; set one of them to true");
  }
  if (c.sighted_board.input == SightedInput::Dgt && c.sighted_board.port.empty()) {
    problems.push_back(
        "sighted_board.port: input = \"dgt\" needs the e-board's serial device (e.g. "
        "\"/dev/ttyUSB1\")");
  }
  if (c.pegboard.port.empty()) {
    problems.push_back("pegboard.port: empty; allowed: a serial device, a pty or \"simulator\"");
  }
  if (c.pegboard.announce == AnnounceMode::Button && c.pegboard.protocol == BoardWire::Dgt) {
    problems.push_back(
        "pegboard.announce: \"button\" needs the board's ANNOUNCE button, and a DGT board "
        "(pegboard.protocol = \"dgt\") has none; allowed with it: \"pause\" (D.2.3)");
  }
  if (c.record.folder.empty()) {
    problems.push_back("record.folder: empty; allowed: a folder path (e.g. \"games\")");
  }
  if (c.record.braille_table.empty()) {
    problems.push_back("record.braille_table: empty; allowed: \"auto\" or a liblouis table name");
  }
  return problems;
}

Status check_plain_text(std::string_view text) {
  const auto unsafe = core::find_unsafe(text);
  if (!unsafe) return {};
  static constexpr char kHex[] = "0123456789ABCDEF";
  const auto byte = static_cast<unsigned char>(text[unsafe->at]);
  const std::string hex = std::string("0x") + kHex[byte >> 4] + kHex[byte & 15];
  const std::string before = "\"" + core::escape_controls(text.substr(0, unsafe->at)) + "\"";
  if (unsafe->invalid_utf8)
    return fail("holds the byte " + hex + ", which is not UTF-8, after " + before +
                ": texts reach the station log and the record, which are UTF-8");
  // How the character is shown is core::unsafe_name's (one owner for \n, \xHH, \uHHHH); what
  // it is called is this message's.
  const std::string shown = core::unsafe_name(*unsafe);
  std::string code;
  switch (unsafe->code) {
    case '\n':
      code = "a line break (" + shown + ")";
      break;
    case '\r':
      code = "a carriage return (" + shown + ")";
      break;
    case '\t':
      code = "a tab (" + shown + ")";
      break;
    default:
      code = unsafe->code < 0x80 ? "the byte " + hex
                                 : "the character " + shown +
                                       " (a line separator, a C1 control or a bidirectional "
                                       "control)";
  }
  return fail("holds a control character, " + code + ", after " + before +
              ": texts reach the station log and the record, where it could forge a line");
}

std::string ConfigSource::where(std::string_view key) const {
  if (file.empty()) return "";
  const auto it = lines.find(key);
  return it == lines.end() ? file + ": " : file + ":" + std::to_string(it->second) + ": ";
}

std::string closest_name(std::string_view name, const std::vector<std::string>& known) {
  auto distance = [](std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
      std::size_t diag = row[0];
      row[0] = i;
      for (std::size_t j = 1; j <= b.size(); ++j) {
        const std::size_t up = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
        diag = up;
      }
    }
    return row[b.size()];
  };
  std::string best;
  std::size_t best_d = 0;
  for (const auto& k : known) {
    const std::size_t d = distance(name, k);
    if (best.empty() || d < best_d) {
      best = k;
      best_d = d;
    }
  }
  const std::size_t limit = std::max<std::size_t>(2, name.size() / 3);
  return best_d <= limit ? best : "";
}

std::string example_toml() {
  std::ostringstream out;
  const StationConfig defaults;
  out << "# annabella: the configuration of one board/game (TOML).\n"
         "#\n"
         "# Every key is optional: an empty file runs the demo hardware (the built-in board\n"
         "# simulator, the default sound device, the assistant's keyboard for the sighted\n"
         "# player's moves). The values below are the defaults. Reference: docs/configuration.md\n"
         "# Check a file with: annabella config check FILE\n";
  std::string section;
  for (const auto& k : schema()) {
    if (k.section != section) {
      section = k.section;
      out << "\n# " << section_help(section) << "\n[" << section << "]\n";
    }
    out << "# " << k.help;
    if (!k.allowed.empty()) {
      out << " Allowed: ";
      for (std::size_t i = 0; i < k.allowed.size(); ++i) out << (i ? ", " : "") << k.allowed[i];
      out << '.';
    }
    out << '\n' << k.key << " = " << k.show(defaults) << '\n';
    if (section == "speech" && k.key == "name_captured_piece") {
      out << "\n# " << section_help("speech.words") << "\n[speech.words]\n"
          << "# file_e = \"Emil\"\n";
    }
  }
  return out.str();
}

}  // namespace annabella::config
