// The configuration of one board/game: a plain settings struct whose defaults are written in the
// declarations, so that an empty file runs the demo hardware (the built-in board simulator, the
// default sound device, the assistant's keyboard for the sighted player's moves).
//
// The file format is TOML (config/toml_reader.cpp is the only file that knows toml++). Every key
// is described once, in the schema (config/schema.cpp): its type, what is allowed, its help text.
// The reader, `annabella config example` and docs/configuration.md all follow that one table.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/result.h"

namespace annabella::config {

// The protocol a board speaks over its serial line (docs/peg-protocol.md, DGT's published one).
enum class BoardWire { Dgt, Peg };
// How the VI player's pegboard move is announced, which makes it (D.2.3 (3)): "pause" = by the
// station once the completed move has stood still for pegboard.announce_pause_ms (or at once by
// the board's ANNOUNCE button), "button" = only when he presses ANNOUNCE.
enum class AnnounceMode { Pause, Button };
// How the sighted player's moves reach the station: a DGT e-board, or the assistant's keyboard.
enum class SightedInput { Keyboard, Dgt };
// Short: "Springer Felix drei"; long, with the departure square: "Springer Gustav eins Felix drei".
enum class AnnouncementForm { Short, Long };
// How much the station says beyond the moves and what D.2 requires.
enum class Verbosity { Quiet, Normal, Verbose };
// When a heard move is entered (docs/voice.md): at once, after the speaker's "ja" (or the
// assistant's `yes`), or after the assistant's `yes` only.
enum class VoiceConfirm { AtOnce, Word, Assistant };

struct EventInfo {
  std::string name = "annabella demonstration";
  std::string site = "?";
  std::string date = "";  // YYYY.MM.DD; empty = the day the game starts
  std::string round = "1";
  int board = 1;
};

struct Player {
  std::string name;
  std::int64_t fide_id = 0;  // 0 = none
  std::string federation = "";
  bool visually_impaired = false;
  // The language everything private is said in for this player (time readouts, warnings,
  // corrections, board readings, the menu): a code of speech::Language::codes(). The move
  // words stay the arbiter's (speech.profile, D.2.1).
  std::string language = "de";
};

struct GameSettings {
  // FIDE-style ("90 min/40 moves + 30 min + 30 s/move") or a PGN TimeControl tag
  // ("40/5400+30:1800+30"); read by the clock (core/time_control.h).
  std::string time_control = "90 min/40 moves + 30 min + 30 s/move";
  std::string start_fen = "";  // empty = the standard starting position
  // Guidelines II.2: a Chess960 game from start position 0-959 (518 is the standard
  // arrangement); -1 = standard chess. With a start_fen, that FEN is read as Chess960 (X-FEN or
  // Shredder-FEN castling rights) and the number is not used.
  int chess960 = -1;
  // The game type (Appendix A rapid, B blitz): "auto" = from the time control (A.1, B.1), or
  // "standard", "rapid", "blitz" as the event's regulations say.
  std::string type = "auto";
  // A.5, B.5: "appendix" (A.4, B.4) or "competition" (A.3, B.3: the Competition Rules apply).
  std::string supervision = "appendix";
  // Guidelines III.2.1: the guidelines for the last period and a quickplay finish apply only when
  // the event announced them in advance; false = not announced (increment, quickplay-claim and
  // both-flags are then refused).
  bool quickplay_guidelines = true;
  // Guidelines III.6: whether an arbiter supervises the game. false = none is present: a player
  // with under two minutes claims a draw himself (unsupervised-claim), which ends the game and is
  // referred to an arbiter (III.6.2); III.4 and III.5 need an arbiter and are refused.
  bool arbiter_present = true;
};

struct PegboardConfig {
  std::string port = "simulator";  // a serial device, a pty path, or "simulator"
  BoardWire protocol = BoardWire::Peg;
  int settle_ms = 250;
  // D.2.3 (3): how his completed move is announced (docs/players-guide.md, "Making a move").
  AnnounceMode announce = AnnounceMode::Pause;
  // announce = "pause": how long the completed move stands untouched before the station
  // announces it; a hand correcting a hole or castling rook first (Art. 4.4.2) has this long.
  int announce_pause_ms = 2000;
};

struct SightedBoardSettings {
  SightedInput input = SightedInput::Keyboard;
  std::string port = "";  // the DGT board's serial device when input = dgt
};

// The console where the assistant types the sighted player's moves.
struct ConsoleSettings {
  // The piece letters the assistant writes moves in ("en", "de", ... or "custom:K D T L S"; see
  // core::piece_letters_for). Empty: English and the speech profile's language are both read,
  // and a move that reads differently in them is asked about (D.2.1).
  std::string letters = "";
  // Whether each console line starts with the time since the start ("[0:12:05.250] "); the log
  // in the record folder always keeps it. Off: a screen reader or braille display reads the
  // message first.
  bool timestamps = true;
  // Line editing and history (the arrow keys) when the console is a terminal; off: plain lines.
  bool line_editing = true;
};

struct AudioSettings {
  std::string public_device = "default";   // moves, heard by both players; "none" = no sound
  std::string private_device = "default";  // the VI player's earpiece; "none" = public only
};

struct SpeechSettings {
  std::string profile = "fide";
  AnnouncementForm form = AnnouncementForm::Short;
  Verbosity verbosity = Verbosity::Normal;
  bool name_captured_piece = false;
  bool say_draw_claims = false;              // Art. 11.3: off unless the arbiter allows it
  std::map<std::string, std::string> words;  // vocabulary overrides: word key -> spoken word
};

struct WarningSettings {
  std::vector<int> minutes_left;  // spoken low-time warnings, e.g. [10, 5, 1]; empty = off
  int moves_before_control = 0;   // "5 moves to the time control"; 0 = off
};

struct BrailleDisplaySettings {
  bool enabled = false;
  std::string host = "";  // BrlAPI host ("" = the local BRLTTY)
};

struct TactileClockSettings {
  std::string port = "none";  // the tactile clock's serial device, or "none"
};

// The braille scoresheet's page sizes the configuration accepts: a move row ("12. Nf3 Nc6") and
// the page number fit in 20 cells; a page holds the two heading lines, a row and its number.
inline constexpr int kMinBrailleCells = 20;
inline constexpr int kMaxBrailleCells = 100;
inline constexpr int kMinBrailleLines = 5;
inline constexpr int kMaxBrailleLines = 100;
inline constexpr int kMaxSealEverySeconds = 3600;

struct RecordSettings {
  std::string folder = "annabella-record";  // journal and exports; relative to the working folder
  // The braille scoresheet's liblouis table (D.2.7): "auto" = the braille table of the VI
  // player's language (docs/languages.md: "de-g0.utb" for German, "sr-g1.ctb" for Serbian and,
  // standing in, Macedonian), or a table liblouis ships ("en-ueb-g1.ctb").
  std::string braille_table = "auto";
  // The braille scoresheet's page (D.2.7): the braille standard's (BANA) 40 cells by 25 lines by
  // default; a notetaker's or an embosser's paper may differ. The last line holds the page number.
  int braille_cells_per_line = 40;
  int braille_lines_per_page = 25;
  // Where the station's signing key is kept (D.2.7 seal; app/station_key.h): "" = the user's
  // data folder ($XDG_DATA_HOME/annabella or ~/.local/share/annabella).
  std::string key_folder;
  // D.2.7 (tester 14k): the recording is sealed during the game too, after a move, at most once
  // in this many seconds (and this many seconds after a move at the latest), so that a station
  // killed (a crash, a power cut) leaves its recording proven up to its last seal. 0: sealed
  // only at the end, an adjournment and a stop.
  int seal_every_seconds = 60;
};

// Voice input (docs/voice.md): a microphone hears the sighted player's D.2.1 announcement and the
// VI player's requests.
struct VoiceSettings {
  std::string input = "";  // the capture device (a name or part of one); "" = no voice input
  VoiceConfirm confirm = VoiceConfirm::Word;
  int threshold_percent = 60;  // the judge's confidence needed to act on what was heard
  int confirm_seconds = 20;    // a repeated move not confirmed within this is dropped
  // Only speech while the push-to-talk button is held is decoded (noisy halls): the button is
  // the `talk` command (console, the sighted player's keypad, `sim button talk`).
  bool push_to_talk = false;
  // The player whose adapted voice the recogniser uses (annabella voice adapt --player NAME;
  // docs/voice.md, "Speaker adaptation"); "" = the model as shipped.
  std::string speaker = "";
};

// Where a configuration was read from: the file and the line of each key it set, so that the
// checks made after reading (the vocabulary's words, the braille table) name them as the reader
// does.
struct ConfigSource {
  std::string file;                                         // "" = no file: every default
  std::map<std::string, std::uint32_t, std::less<>> lines;  // "speech.words.file_e" -> 14
  // "board7.toml:14: " for a key the file set, "board7.toml: " for one it did not, "" without
  // a file.
  [[nodiscard]] std::string where(std::string_view key) const;
};

struct StationConfig {
  EventInfo event;
  Player white{"White player", 0, "", true, "de"};
  Player black{"Black player", 0, "", false, "de"};
  GameSettings game;
  PegboardConfig pegboard;
  SightedBoardSettings sighted_board;
  ConsoleSettings console;
  AudioSettings audio;
  SpeechSettings speech;
  WarningSettings warnings;
  BrailleDisplaySettings braille_display;
  TactileClockSettings tactile_clock;
  RecordSettings record;
  VoiceSettings voice;
  ConfigSource source;  // not a setting: where the values came from
};

// A value as the file gave it, before the schema checks it.
using Value = std::variant<bool, std::int64_t, std::string, std::vector<std::int64_t>,
                           std::vector<std::string>>;
enum class ValueKind { Bool, Integer, String, IntegerList, StringList };
std::string_view kind_name(ValueKind kind);

// One key of the file: where it lives, what it holds, what is allowed, how to show and set it.
struct KeySpec {
  std::string section;  // "pegboard", "speech"
  std::string key;      // "settle_ms"
  ValueKind kind = ValueKind::String;
  std::vector<std::string> allowed;  // for enumerations; empty = any value of the kind
  std::string help;                  // one or two sentences, for the example and the reference
  std::function<std::string(const StationConfig&)> show;  // the TOML literal of the value
  // Stores the value; the error says what is allowed (range, values), without key or line.
  std::function<Status(StationConfig&, const Value&)> set;

  std::string full_name() const { return section + "." + key; }
};

// Every key, in file order. Sections whose keys are free (word overrides) are listed apart.
const std::vector<KeySpec>& schema();
// Sections holding free string keys: "speech.words".
const std::vector<std::string>& open_sections();
// Section help text, for the example file ("" if none).
std::string_view section_help(std::string_view section);

// Checks what no single key can: at least one visually impaired player, a port where one is needed.
// Each problem names the keys involved.
std::vector<std::string> cross_check(const StationConfig& config);

// Checks a caller adds to the reader's (the station's: the vocabulary's words, the braille
// table; app/config_check.h): each problem "board7.toml:12: key: ..." (ConfigSource::where).
using ExtraChecks = std::function<std::vector<std::string>(const StationConfig&)>;

// Reads a configuration from TOML text; `source` names it in messages ("board7.toml"). All
// problems, the reader's and those of `more`, are reported in the file's order, one a line:
// "board7.toml:12: pegboard.protocol: ...".
Result<StationConfig> parse_config(std::string_view text, std::string_view source,
                                   const ExtraChecks& more = nullptr);
// Reads the file at `path` (an error if it cannot be read).
Result<StationConfig> load_config(const std::filesystem::path& path,
                                  const ExtraChecks& more = nullptr);

// The fully commented example file (docs/example.toml is this text, checked by a test). Parsing
// it gives the defaults.
std::string example_toml();

// A text value that reaches the log, the record or the console: refused when it holds a control
// character (a line break in a player's name could forge a log line), saying which and where.
[[nodiscard]] Status check_plain_text(std::string_view text);

// The closest known name within a small edit distance, or "" (for "did you mean").
std::string closest_name(std::string_view name, const std::vector<std::string>& known);

}  // namespace annabella::config
