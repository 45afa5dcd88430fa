#include "app/journal_records.h"

#include <array>
#include <charconv>

#include "app/game_text.h"
#include "core/notation.h"

namespace annabella::app {
namespace {

constexpr std::string_view kPieceChars = " PNBRQK  pnbrqk";

std::string piece_char(core::Piece pc) {
  return pc == core::NO_PIECE ? "-" : std::string(1, kPieceChars[pc]);
}

core::Piece piece_of_char(std::string_view text) {
  if (text.size() != 1 || text[0] == ' ') return core::NO_PIECE;
  const auto at = kPieceChars.find(text[0]);
  return at == std::string_view::npos ? core::NO_PIECE : core::Piece(at);
}

std::string ms_text(Millis ms) {
  return std::to_string(ms.count());
}

std::string_view colour_word(core::Color c) {
  return c == core::WHITE ? "white" : "black";
}

// A name of an enumeration as the journal writes it, and back.
template <typename Enum, std::size_t N>
struct NameTable {
  std::array<std::pair<Enum, std::string_view>, N> names;
  [[nodiscard]] std::string_view name(Enum value) const {
    for (const auto& [v, n] : names)
      if (v == value) return n;
    return "?";
  }
  [[nodiscard]] std::optional<Enum> find(std::string_view text) const {
    for (const auto& [v, n] : names)
      if (n == text) return v;
    return std::nullopt;
  }
};

constexpr NameTable<MoveSource, 7> kMoveSources{{{
    {MoveSource::Pegboard, "pegboard"},
    {MoveSource::Console, "console"},
    {MoveSource::EBoard, "e-board"},
    {MoveSource::DrawClaim, "draw claim"},
    {MoveSource::Sealed, "sealed"},
    {MoveSource::Voice, "voice"},
    {MoveSource::Keypad, "keypad"},
}}};
constexpr NameTable<ClockReason, 9> kClockReasons{{{
    {ClockReason::Adjust, "adjust"},
    {ClockReason::Penalty, "penalty"},
    {ClockReason::Pause, "pause"},
    {ClockReason::Resume, "resume"},
    {ClockReason::Claim, "claim"},
    {ClockReason::Increment, "increment"},
    {ClockReason::ClaimPostponed, "claim postponed"},
    {ClockReason::ClaimRefused, "claim refused"},
    {ClockReason::IllegalMove, "illegal move"},
}}};
constexpr NameTable<TouchOutcome, 3> kOutcomes{{{
    {TouchOutcome::PutBack, "put back"},
    {TouchOutcome::Moved, "moved"},
    {TouchOutcome::Removed, "removed"},
}}};
constexpr NameTable<NoteKind, 8> kNotes{{{
    {NoteKind::RookFirst, "rook first"},
    {NoteKind::ArbiterCalled, "arbiter called"},
    {NoteKind::BothFlags, "both flags"},
    {NoteKind::ClaimVerified, "claim verified"},
    {NoteKind::ClaimDisputed, "claim disputed"},
    {NoteKind::ClaimAsked, "claim asked"},  // format 4
    {NoteKind::ClaimCancelled, "claim cancelled"},
    {NoteKind::ClaimInterrupted, "claim interrupted"},
}}};
constexpr NameTable<Toucher, 2> kTouchers{{{
    {Toucher::ViPlayer, "vi"},
    {Toucher::SightedPlayer, "sighted"},
}}};

// A move as UCI writes it ("e7e5", "g2g1q").
std::optional<core::Move> uci_move(std::string_view value) {
  if (value.size() != 4 && value.size() != 5) return std::nullopt;
  const auto from = core::parse_square(value.substr(0, 2));
  const auto to = core::parse_square(value.substr(2, 2));
  if (!from || !to || *from == *to) return std::nullopt;
  if (value.size() == 4) return core::Move(*from, *to);
  constexpr std::string_view kPromotions = "nbrq";
  const auto at = kPromotions.find(value[4]);
  if (at == std::string_view::npos) return std::nullopt;
  return core::Move(*from, *to, core::MoveKind::Promotion,
                    core::PieceType(core::KNIGHT + static_cast<int>(at)));
}

// Reads the fields of one entry; every error names the field.
class Fields {
 public:
  explicit Fields(const JournalEntry& entry) : entry_(entry) {}

  [[nodiscard]] std::string text(std::string_view key) const { return entry_.get(key); }
  [[nodiscard]] bool has(std::string_view key) const { return entry_.has(key); }

  [[nodiscard]] Result<std::int64_t> number(std::string_view key) const {
    const std::string value = entry_.get(key);
    std::int64_t n = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (value.empty() || ec != std::errc() || end != value.data() + value.size())
      return fail("field " + std::string(key) + " is \"" + value + "\", not a number");
    return n;
  }
  [[nodiscard]] Result<int> small(std::string_view key) const {
    auto n = number(key);
    if (!n) return fail(n.error());
    if (*n < 0 || *n > 1'000'000)
      return fail("field " + std::string(key) + " is " + std::to_string(*n) + ", out of range");
    return static_cast<int>(*n);
  }
  // A time in milliseconds, bounded so that the clock's nanosecond arithmetic cannot overflow
  // (a game lasts days, not a thousand years).
  [[nodiscard]] Result<Millis> time(std::string_view key) const {
    constexpr std::int64_t kLimit = 1'000'000'000'000;  // about 31 years
    auto value = number(key);
    if (!value) return fail(value.error());
    if (*value > kLimit || *value < -kLimit)
      return fail("field " + std::string(key) + " is " + std::to_string(*value) +
                  " ms, more than any game lasts");
    return Millis(*value);
  }
  [[nodiscard]] Result<core::Square> square(std::string_view key) const {
    const std::string value = entry_.get(key);
    auto sq = core::parse_square(value);
    if (!sq) return fail("field " + std::string(key) + " is \"" + value + "\", not a square");
    return *sq;
  }
  [[nodiscard]] Result<core::Color> colour(std::string_view key) const {
    const std::string value = entry_.get(key);
    if (value == "white") return core::WHITE;
    if (value == "black") return core::BLACK;
    return fail("field " + std::string(key) + " is \"" + value + "\", not white or black");
  }
  template <typename Enum, std::size_t N>
  [[nodiscard]] Result<Enum> named(std::string_view key, const NameTable<Enum, N>& table) const {
    const std::string value = entry_.get(key);
    if (auto found = table.find(value)) return *found;
    return fail("field " + std::string(key) + " is \"" + value + "\", not a known value");
  }
  // A move as UCI writes it; its kind (castling, en passant) is found against the position when
  // the record is applied.
  [[nodiscard]] Result<core::Move> uci(std::string_view key) const {
    const std::string value = entry_.get(key);
    if (auto move = uci_move(value)) return *move;
    return fail("field " + std::string(key) + " is \"" + value + "\", not a move");
  }
  // Moves as UCI writes them, separated by blanks (at least one).
  [[nodiscard]] Result<std::vector<core::Move>> uci_list(std::string_view key) const {
    const std::string value = entry_.get(key);
    std::vector<core::Move> moves;
    for (std::size_t at = 0; at < value.size();) {
      const std::size_t end = std::min(value.find(' ', at), value.size());
      const auto move = uci_move(std::string_view(value).substr(at, end - at));
      if (!move) return fail("field " + std::string(key) + " is \"" + value + "\", not moves");
      moves.push_back(*move);
      at = end + 1;
    }
    if (moves.empty()) return fail("field " + std::string(key) + " names no move");
    return moves;
  }

 private:
  const JournalEntry& entry_;
};

// Fails with the first error among several fields read together.
template <typename... Results>
Status first_error(const Results&... results) {
  const Error* first = nullptr;
  ((first == nullptr && !results ? (void)(first = &results.error()) : (void)0), ...);
  if (first != nullptr) return fail(*first);
  return {};
}

// D.2.7: which key seals this part of the game, and into which recording.
void set_part(JournalEntry& e, const rec::PartSeal& part) {
  if (!part.station_key.empty()) e.set("station_key", part.station_key);
  if (!part.recording.empty()) e.set("recording", part.recording);
}

rec::PartSeal part_of(const Fields& f) {
  return {f.text("station_key"), f.text("recording")};
}

JournalEntry encode_one(const rec::Begin& r) {
  const RecordHeader& h = r.header;
  JournalEntry e;
  e.kind = "begin";
  e.set("format", std::to_string(r.format));
  e.set("fen", h.fen).set("control", h.control).set("white", h.white).set("black", h.black);
  e.set("vi", std::string(colour_word(h.visually_impaired)));
  e.set("event", h.event).set("site", h.site).set("round", h.round).set("date", h.date);
  e.set("board", std::to_string(h.board));
  e.set("type", h.game_type).set("supervision", h.supervision);
  // Guidelines III.2.1: written only when not announced, so the default reads as before.
  if (!h.quickplay_guidelines) e.set("guidelines_iii", "not-announced");
  if (!h.arbiter_present) e.set("arbiter", "absent");  // Guidelines III.6, likewise
  if (h.chess960) e.set("variant", "chess960");
  set_part(e, r.part);
  return e;
}

JournalEntry encode_one(const rec::Move& r) {
  JournalEntry e;
  e.kind = "move";
  e.set("ply", std::to_string(r.ply)).set("uci", core::to_uci(r.move)).set("san", r.san);
  e.set("at_ms", ms_text(r.at)).set("white_ms", ms_text(r.white_left));
  e.set("black_ms", ms_text(r.black_left)).set("emt_ms", ms_text(r.elapsed));
  e.set("by", std::string(kMoveSources.name(r.by)));
  return e;
}

JournalEntry encode_one(const rec::Touch& r) {
  JournalEntry e;
  e.kind = "touch";
  e.set("n", std::to_string(r.number)).set("square", core::square_name(r.square));
  e.set("piece", piece_char(r.piece)).set("at_ms", ms_text(r.at));
  e.set("ply", std::to_string(r.ply)).set("by", std::string(kTouchers.name(r.by)));
  e.set("own", r.own ? "1" : "0");
  return e;
}

JournalEntry encode_one(const rec::Untouch& r) {
  JournalEntry e;
  e.kind = "untouch";
  e.set("n", std::to_string(r.number)).set("at_ms", ms_text(r.at));
  e.set("outcome", std::string(kOutcomes.name(r.outcome)));
  if (r.square != core::SQ_NONE) e.set("square", core::square_name(r.square));
  return e;
}

JournalEntry encode_one(const rec::Clock& r) {
  JournalEntry e;
  e.kind = "clock";
  e.set("white_ms", ms_text(r.white_left)).set("black_ms", ms_text(r.black_left));
  e.set("at_ms", ms_text(r.at)).set("reason", std::string(kClockReasons.name(r.reason)));
  if (r.increment.count() > 0) e.set("increment_ms", ms_text(r.increment));
  if (r.by) e.set("by", std::string(colour_word(*r.by)));
  if (!r.intended.empty()) e.set("intended", r.intended);
  return e;
}

JournalEntry encode_one(const rec::DrawOffer& r) {
  JournalEntry e;
  e.kind = "offer";
  e.set("by", std::string(colour_word(r.by))).set("at_ms", ms_text(r.at));
  e.set("ply", std::to_string(r.ply));
  return e;
}

JournalEntry encode_one(const rec::DrawDecline& r) {
  JournalEntry e;
  e.kind = "decline";
  e.set("by", std::string(colour_word(r.by))).set("at_ms", ms_text(r.at));
  return e;
}

JournalEntry encode_one(const rec::Note& r) {
  JournalEntry e;
  e.kind = "note";
  e.set("at_ms", ms_text(r.at)).set("kind", std::string(kNotes.name(r.kind)));
  if (r.square != core::SQ_NONE) e.set("square", core::square_name(r.square));
  e.set("ply", std::to_string(r.ply));
  if (!r.move.empty()) e.set("move", r.move);
  return e;
}

JournalEntry encode_one(const rec::End& r) {
  JournalEntry e;
  e.kind = "end";
  e.set("result", core::result_text(r.end.result)).set("rule", r.end.rule);
  e.set("reason", text::end_reason_record(r.end));
  e.set("termination", std::to_string(static_cast<int>(r.end.termination)));
  e.set("at_ms", ms_text(r.at));
  return e;
}

JournalEntry encode_one(const rec::Adjourn& r) {
  JournalEntry e;
  e.kind = "adjourn";
  e.set("sealed", r.sealed);
  if (!r.move.is_none()) e.set("uci", core::to_uci(r.move));
  e.set("by", std::string(colour_word(r.by))).set("at_ms", ms_text(r.at));
  e.set("white_ms", ms_text(r.white_left)).set("black_ms", ms_text(r.black_left));
  if (!r.utc.empty()) e.set("utc", r.utc);
  return e;
}

JournalEntry encode_one(const rec::Resume& r) {
  JournalEntry e;
  e.kind = "resume";
  e.set("at_ms", ms_text(r.at)).set("note", r.note);
  set_part(e, r.part);
  return e;
}

JournalEntry encode_one(const rec::Seal& r) {
  JournalEntry e;
  e.kind = "seal";
  e.set("at_ms", ms_text(r.at));
  for (const auto& [key, value] : r.fields)
    if (key != "at_ms") e.set(key, value);
  return e;
}

JournalEntry encode_one(const rec::Heard& r) {
  JournalEntry e;
  e.kind = "heard";
  e.set("at_ms", ms_text(r.at)).set("from_ms", ms_text(r.from));
  e.set("decoded_ms", ms_text(r.decoded)).set("reading", r.reading);
  e.set("confidence", std::to_string(r.confidence_pct)).set("action", r.action);
  if (!r.margin.empty()) e.set("margin", r.margin);
  return e;
}

JournalEntry encode_one(const rec::TakeBack& r) {
  JournalEntry e;
  e.kind = "takeback";
  std::string moves;
  for (const core::Move m : r.moves) moves += (moves.empty() ? "" : " ") + core::to_uci(m);
  e.set("at_ms", ms_text(r.at)).set("ply", std::to_string(r.ply)).set("uci", moves);
  e.set("white_ms", ms_text(r.white_left)).set("black_ms", ms_text(r.black_left));
  e.set("arbiter", r.arbiter ? "1" : "0").set("reason", r.reason);
  return e;
}

Result<JournalRecord> decode_begin(const Fields& f) {
  rec::Begin r;
  if (f.has("format")) {
    auto format = f.small("format");
    if (!format) return fail(format.error());
    if (*format < 1 || *format > kJournalFormat)
      return fail("format " + std::to_string(*format) + " is newer than this program reads (" +
                  std::to_string(kJournalFormat) + "); use a newer annabella");
    r.format = *format;
  } else {
    r.format = 1;
  }
  RecordHeader& h = r.header;
  h.fen = f.text("fen");
  h.chess960 = f.text("variant") == "chess960";
  h.control = f.text("control");
  h.white = f.text("white");
  h.black = f.text("black");
  h.visually_impaired = f.text("vi") == "black" ? core::BLACK : core::WHITE;
  h.event = f.text("event");
  h.site = f.text("site");
  h.round = f.text("round");
  h.date = f.text("date");
  auto board = f.small("board");
  h.board = board ? *board : 1;
  h.game_type = f.text("type");
  h.supervision = f.text("supervision");
  h.quickplay_guidelines = f.text("guidelines_iii") != "not-announced";
  h.arbiter_present = f.text("arbiter") != "absent";
  r.part = part_of(f);
  return r;
}

Result<JournalRecord> decode_move(const Fields& f) {
  rec::Move r;
  auto ply = f.small("ply");
  auto move = f.uci("uci");
  auto at = f.time("at_ms");
  auto white = f.time("white_ms");
  auto black = f.time("black_ms");
  if (auto bad = first_error(ply, move, at, white, black); !bad) return fail(bad.error());
  r.ply = *ply;
  r.move = *move;
  r.san = f.text("san");
  r.at = *at;
  r.white_left = *white;
  r.black_left = *black;
  if (f.has("emt_ms")) {
    auto emt = f.time("emt_ms");
    if (!emt) return fail(emt.error());
    r.elapsed = *emt;
  }
  r.by = kMoveSources.find(f.text("by")).value_or(MoveSource::Console);
  return r;
}

Result<JournalRecord> decode_touch(const Fields& f, int format) {
  rec::Touch r;
  auto square = f.square("square");
  auto at = f.time("at_ms");
  auto ply = f.small("ply");
  if (auto bad = first_error(square, at, ply); !bad) return fail(bad.error());
  r.square = *square;
  r.piece = piece_of_char(f.text("piece"));
  r.at = *at;
  r.ply = *ply;
  if (format >= 2) {
    auto number = f.small("n");
    auto by = f.named("by", kTouchers);
    if (auto bad = first_error(number, by); !bad) return fail(bad.error());
    r.number = *number;
    r.by = *by;
  }
  r.own = f.text("own") == "1";  // format 1: a piece of the side to move
  return r;
}

Result<JournalRecord> decode_untouch(const Fields& f) {
  rec::Untouch r;
  auto number = f.small("n");
  auto at = f.time("at_ms");
  auto outcome = f.named("outcome", kOutcomes);
  if (auto bad = first_error(number, at, outcome); !bad) return fail(bad.error());
  r.number = *number;
  r.at = *at;
  r.outcome = *outcome;
  if (f.has("square")) {
    auto square = f.square("square");
    if (!square) return fail(square.error());
    r.square = *square;
  }
  return r;
}

Result<JournalRecord> decode_clock(const Fields& f, int format) {
  rec::Clock r;
  auto white = f.time("white_ms");
  auto black = f.time("black_ms");
  auto at = f.time("at_ms");
  if (auto bad = first_error(white, black, at); !bad) return fail(bad.error());
  auto reason = f.named("reason", kClockReasons);
  // Format 1 wrote a few other reasons; each set both clocks, as an adjustment does.
  if (!reason && format >= 2) return fail(reason.error());
  r.white_left = *white;
  r.black_left = *black;
  r.at = *at;
  r.reason = reason ? *reason : ClockReason::Adjust;
  if (f.has("increment_ms")) {
    auto increment = f.time("increment_ms");
    if (!increment) return fail(increment.error());
    r.increment = *increment;
  }
  if (r.reason == ClockReason::Increment && r.increment.count() <= 0)
    return fail("increment_ms: an increment entry needs a positive increment (Guidelines III.4)");
  // Guidelines III.4, III.5: who asked or claimed; written since session 7, absent before (the
  // player to move then).
  if (f.has("by")) {
    auto by = f.colour("by");
    if (!by) return fail(by.error());
    r.by = *by;
  }
  r.intended = f.text("intended");  // Art. 9.2.1.1; absent: none
  return r;
}

Result<JournalRecord> decode_offer(const Fields& f) {
  rec::DrawOffer r;
  auto by = f.colour("by");
  auto at = f.time("at_ms");
  auto ply = f.small("ply");
  if (auto bad = first_error(by, at, ply); !bad) return fail(bad.error());
  r.by = *by;
  r.at = *at;
  r.ply = *ply;
  return r;
}

Result<JournalRecord> decode_decline(const Fields& f) {
  auto by = f.colour("by");
  auto at = f.time("at_ms");
  if (auto bad = first_error(by, at); !bad) return fail(bad.error());
  return rec::DrawDecline{*by, *at};
}

Result<JournalRecord> decode_note(const Fields& f) {
  rec::Note r;
  auto at = f.time("at_ms");
  auto kind = f.named("kind", kNotes);
  auto ply = f.small("ply");
  if (auto bad = first_error(at, kind, ply); !bad) return fail(bad.error());
  r.at = *at;
  r.kind = *kind;
  r.ply = *ply;
  if (f.has("square")) {
    auto square = f.square("square");
    if (!square) return fail(square.error());
    r.square = *square;
  }
  if (f.has("move")) r.move = f.text("move");
  return r;
}

Result<JournalRecord> decode_end(const Fields& f) {
  rec::End r;
  auto termination = f.small("termination");
  auto at = f.time("at_ms");
  if (auto bad = first_error(termination, at); !bad) return fail(bad.error());
  if (*termination > static_cast<int>(core::Termination::BothFlagsFallen))
    return fail("field termination is " + std::to_string(*termination) + ", not a known end");
  const std::string result = f.text("result");
  r.end.result = result == "1-0"       ? core::GameResult::WhiteWins
                 : result == "0-1"     ? core::GameResult::BlackWins
                 : result == "1/2-1/2" ? core::GameResult::Draw
                                       : core::GameResult::Ongoing;
  // Guidelines III.6.1: a claim referred to an arbiter ends the game without a result ("*").
  if (*termination == static_cast<int>(core::Termination::ClaimReferred) && result == "*")
    r.end.result = core::GameResult::Undecided;
  if (r.end.result == core::GameResult::Ongoing)
    return fail("field result is \"" + result + "\", not 1-0, 0-1 or 1/2-1/2");
  r.end.termination = static_cast<core::Termination>(*termination);
  r.end.rule = f.text("rule");
  r.end.reason = f.text("reason");
  text::read_end_reason(r.end);  // the facts its English words stand for
  r.at = *at;
  return r;
}

Result<JournalRecord> decode_adjourn(const Fields& f) {
  rec::Adjourn r;
  auto at = f.time("at_ms");
  auto white = f.time("white_ms");
  auto black = f.time("black_ms");
  if (auto bad = first_error(at, white, black); !bad) return fail(bad.error());
  r.sealed = f.text("sealed");
  r.at = *at;
  r.white_left = *white;
  r.black_left = *black;
  r.utc = f.text("utc");
  if (f.has("uci")) {
    auto move = f.uci("uci");
    if (!move) return fail(move.error());
    r.move = *move;
  }
  if (f.has("by")) {
    auto by = f.colour("by");
    if (!by) return fail(by.error());
    r.by = *by;
  }
  return r;
}

Result<JournalRecord> decode_resume(const Fields& f) {
  auto at = f.time("at_ms");
  if (!at) return fail(at.error());
  return rec::Resume{*at, f.text("note"), part_of(f)};
}

Result<JournalRecord> decode_seal(const JournalEntry& e, const Fields& f) {
  auto at = f.time("at_ms");
  if (!at) return fail(at.error());
  rec::Seal r;
  r.at = *at;
  for (const auto& field : e.fields)
    if (field.first != "at_ms") r.fields.push_back(field);
  return r;
}

Result<JournalRecord> decode_takeback(const Fields& f) {
  auto at = f.time("at_ms");
  auto ply = f.small("ply");
  auto moves = f.uci_list("uci");
  auto white = f.time("white_ms");
  auto black = f.time("black_ms");
  if (auto bad = first_error(at, ply, moves, white, black); !bad) return fail(bad.error());
  rec::TakeBack r;
  r.at = *at;
  r.ply = *ply;
  r.moves = std::move(*moves);
  r.white_left = *white;
  r.black_left = *black;
  r.arbiter = f.text("arbiter") == "1";
  r.reason = f.text("reason");
  return r;
}

Result<JournalRecord> decode_heard(const Fields& f, int format) {
  auto at = f.time("at_ms");
  auto confidence = f.small("confidence");
  if (auto bad = first_error(at, confidence); !bad) return fail(bad.error());
  rec::Heard r{*at, *at, *at, f.text("reading"), *confidence, f.text("action"), f.text("margin")};
  if (format < 3) return r;  // format 2: stamped when decoded, no speech times
  auto from = f.time("from_ms");
  auto decoded = f.time("decoded_ms");
  if (auto bad = first_error(from, decoded); !bad) return fail(bad.error());
  r.from = *from;
  r.decoded = *decoded;
  return r;
}

}  // namespace

std::string_view move_source_name(MoveSource source) {
  return kMoveSources.name(source);
}

std::string_view clock_reason_name(ClockReason reason) {
  return kClockReasons.name(reason);
}

JournalEntry encode(const JournalRecord& record) {
  return std::visit([](const auto& r) { return encode_one(r); }, record);
}

Result<JournalRecord> decode(const JournalEntry& entry, int format) {
  const Fields f(entry);
  const std::string& kind = entry.kind;
  if (kind == "begin") return decode_begin(f);
  if (kind == "move") return decode_move(f);
  if (kind == "touch") return decode_touch(f, format);
  if (kind == "untouch") return decode_untouch(f);
  if (kind == "clock") return decode_clock(f, format);
  if (kind == "offer") return decode_offer(f);
  if (kind == "decline") return decode_decline(f);
  if (kind == "note") return decode_note(f);
  if (kind == "end") return decode_end(f);
  if (kind == "adjourn") return decode_adjourn(f);
  if (kind == "resume") return decode_resume(f);
  if (kind == "seal") return decode_seal(entry, f);
  if (kind == "heard") return decode_heard(f, format);
  if (kind == "takeback") return decode_takeback(f);  // format 5
  return fail("unknown entry kind \"" + kind + "\"");
}

Millis record_time(const JournalRecord& record) {
  return std::visit(
      [](const auto& r) -> Millis {
        if constexpr (std::is_same_v<std::decay_t<decltype(r)>, rec::Begin>)
          return Millis(0);
        else
          return r.at;
      },
      record);
}

}  // namespace annabella::app
