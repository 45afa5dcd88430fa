#include "app/station_text.h"

#include "core/scoresheet.h"

#include <algorithm>

#include "app/i18n.h"
#include "core/text.h"
#include "core/time_control.h"

namespace annabella::app::text {

using i18n::format;
using i18n::tr;
using i18n::tr_n;
using i18n::tr_noop;

std::string side(core::Color c) {
  return c == core::WHITE ? tr("White") : tr("Black");
}

std::string piece_type(core::PieceType type, unsigned long n) {
  // TRANSLATORS: a piece type by number: "knight", "rooks a1, h1", "knights: ...".
  switch (type) {
    case core::PAWN:
      return tr_n("pawn", "pawns", n);
    case core::KNIGHT:
      return tr_n("knight", "knights", n);
    case core::BISHOP:
      return tr_n("bishop", "bishops", n);
    case core::ROOK:
      return tr_n("rook", "rooks", n);
    case core::QUEEN:
      return tr_n("queen", "queens", n);
    case core::KING:
      return tr_n("king", "kings", n);
    default:
      break;
  }
  return {};
}

std::string piece(core::Piece piece) {
  if (piece == core::NO_PIECE) return {};
  // TRANSLATORS: a piece with its colour (the colour agrees with the piece's gender).
  static constexpr const char* kWhite[] = {"",
                                           tr_noop("white pawn"),
                                           tr_noop("white knight"),
                                           tr_noop("white bishop"),
                                           tr_noop("white rook"),
                                           tr_noop("white queen"),
                                           tr_noop("white king")};
  static constexpr const char* kBlack[] = {"",
                                           tr_noop("black pawn"),
                                           tr_noop("black knight"),
                                           tr_noop("black bishop"),
                                           tr_noop("black rook"),
                                           tr_noop("black queen"),
                                           tr_noop("black king")};
  const auto type = static_cast<std::size_t>(core::type_of(piece));
  if (type == 0 || type > 6) return {};
  return tr(core::color_of(piece) == core::WHITE ? kWhite[type] : kBlack[type]);
}

std::string move_number(const core::Position& start, std::size_t ply) {
  return core::move_number_label(start, ply) + " ";  // the scoresheet's numbering (Art. 8.1)
}

std::string clock_time(std::chrono::nanoseconds remaining) {
  return core::format_hms(std::max(remaining, std::chrono::nanoseconds::zero()));
}

std::string clocks(std::chrono::nanoseconds white, std::chrono::nanoseconds black) {
  // TRANSLATORS: both clocks: "White 1:30:00, Black 1:29:12".
  return format(tr("White {white}, Black {black}"),
                {{"white", clock_time(white)}, {"black", clock_time(black)}});
}

std::string move_source(MoveSource source) {
  // TRANSLATORS: where a move came from: "made 1. e4 (e2e4) by pegboard".
  switch (source) {
    case MoveSource::Pegboard:
      return tr("pegboard");
    case MoveSource::Console:
      return tr("console");
    case MoveSource::EBoard:
      return tr("e-board");
    case MoveSource::DrawClaim:
      return tr("draw claim");
    case MoveSource::Sealed:
      return tr("sealed");
    case MoveSource::Voice:
      return tr("voice");
    case MoveSource::Keypad:
      return tr("keypad");
    default:
      break;
  }
  return std::string(move_source_name(source));
}

namespace {

// A board's link or protocol remark (tactile::BoardRemark); "" when it has no words of its own
// (Other: the English detail is shown).
std::string board_remark(const tactile::PegboardEvent& e) {
  using Remark = tactile::BoardRemark;
  const i18n::Places places = {{"said", core::escape_controls(e.said)}};
  // TRANSLATORS: a board's remarks on the console (docs/peg-protocol.md); {said} is the board's
  // own text, or the device's name.
  switch (e.remark) {
    case Remark::LinkOpen:
      return format(tr("link open: {said} (waiting for the full scan)"), places);
    case Remark::Unreadable:
      return tr(
          "the board sent a line that cannot be read; it is skipped and the board is "
          "re-read");
    case Remark::LineLost:
      return tr("an event line from the board was lost; the board is re-read");
    case Remark::Hello:
      return format(tr("peg board: {said}"), places);
    case Remark::HelloOddVersion:
      return format(tr("peg board: {said} (version not 1, 2 or 3: events are read as version 1)"),
                    places);
    case Remark::BoardError:
      return format(tr("the board reports: {said}"), places);
    case Remark::DgtVersion:
      return format(tr("DGT board version {said}"), places);
    case Remark::Turned:
      return tr("the board is turned round (a1 at the far right): squares are read rotated");
    case Remark::Upright:
      return tr("the board is the right way round again");
    case Remark::Other:
      break;
  }
  return {};
}

}  // namespace

std::string board_event(const tactile::PegboardEvent& e) {
  using Kind = tactile::PegboardEvent::Kind;
  using Agreement = tactile::PegboardEvent::Agreement;
  const i18n::Places places = {
      {"square", core::square_name(e.square)},
      {"piece", e.piece == core::NO_PIECE ? std::string() : " " + piece(e.piece)},
      {"move", core::to_uci(e.move)},
      {"detail", e.detail}};
  const bool connected = e.kind == Kind::Connected;
  // TRANSLATORS: the boards' events on the console; {piece} is empty or " white pawn".
  switch (e.kind) {
    case Kind::Placed:
      return format(tr("placed {square}{piece}"), places);
    case Kind::PutBack:
      return format(tr("put back {square}{piece}"), places);
    case Kind::Removed:
      return format(tr("removed {square}{piece}"), places);
    case Kind::MoveRetracted:
      return format(tr("retracted {move}"), places);
    case Kind::Disconnected:
      return format(tr("disconnected: {detail}"), places);
    case Kind::Info:
      if (std::string remark = board_remark(e); !remark.empty()) return remark;
      break;
    case Kind::Connected:
    case Kind::Reconnected:
      if (e.agreement == Agreement::Agrees)
        return connected ? tr("connected: the board agrees with the game")
                         : tr("reconnected: the board agrees with the game");
      if (e.agreement == Agreement::MovedOn)
        return connected ? tr("connected: the board shows a move completed meanwhile")
                         : tr("reconnected: the board shows a move completed meanwhile");
      if (e.agreement == Agreement::UnderWay)
        return connected ? tr("connected: a move is under way on the board")
                         : tr("reconnected: a move is under way on the board");
      break;
    default:
      break;
  }
  return tactile::describe(e);
}

std::string board_illegal(const tactile::PegboardEvent& e) {
  using Wrong = tactile::PegboardEvent::Wrong;
  const bool known = e.piece != core::NO_PIECE;
  const i18n::Places places = {
      {"piece", known ? piece(e.piece) : tr("a piece")},
      {"square", core::square_name(e.square)},
      {"from", e.first_square == core::SQ_NONE ? "" : core::square_name(e.first_square)},
      {"move", core::to_uci(e.move)},
      {"shown", core::to_uci(e.shown)},
      {"wanted", piece(e.wanted)},
      {"side", known ? side(~core::color_of(e.piece)) : std::string()}};
  // TRANSLATORS: what is wrong on the pegboard; {piece} "white knight" or "a piece", {move} and
  // {shown} moves as e2e4.
  switch (e.wrong) {
    case Wrong::NotAnnounced:
      return format(tr("the board shows {shown} but the announced move is {move} (D.2.1)"), places);
    case Wrong::NotToMove:
      return format(tr("{piece} moved to {square}, but {side} is to move; nothing enters the "
                       "record"),
                    places);
    case Wrong::NotLegal:
      return format(e.first_square == core::SQ_NONE
                        ? tr("{piece} to {square} is not a legal move (Art. 3); nothing enters "
                             "the record")
                        : tr("{piece} {from} to {square} is not a legal move (Art. 3); nothing "
                             "enters the record"),
                    places);
    case Wrong::StaysEmpty:
      return format(tr("the announced move is {move} (D.2.1): a piece was placed on {square}, "
                       "which stays empty"),
                    places);
    case Wrong::WrongPiece:
      return format(tr("the announced move is {move} (D.2.1): {piece} placed on {square} where "
                       "the {wanted} belongs"),
                    places);
    case Wrong::Other:
      break;
  }
  return e.detail;
}

std::string tactile_clock_remark(const tactile::TactileClockInput& input) {
  using Kind = tactile::TactileClockInput::Kind;
  const i18n::Places places = {{"said", core::escape_controls(input.said)},
                               {"version", std::to_string(input.version)}};
  // TRANSLATORS: the tactile clock's remarks on the console (docs/tactile-clock-protocol.md);
  // {said} is the device's own text.
  switch (input.kind) {
    case Kind::Hello:
      return input.version == 1 || input.version == 2
                 ? format(tr("tactile clock connected: {said}"), places)
                 : format(tr("tactile clock connected: {said} (version {version}: read as "
                             "version 1, QUERY and PRESS only)"),
                          places);
    case Kind::DeviceError:
      return format(tr("the tactile clock reports: {said}"), places);
    case Kind::Lost:
      // D.2.6, D.2.10.4: a QUERY lost on the line went unanswered; the player presses again.
      return tr(
          "tactile clock: a button press was lost on the line; it was not carried out "
          "(the player may press again)");
    case Kind::Garbage:
      return tr("tactile clock: a line that cannot be read was skipped");
    case Kind::Button:
    case Kind::Ack:
      break;
  }
  return {};
}

std::string count(long long n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

std::string move_in_words(const core::Position& before, core::Move move) {
  if (move.kind() == core::MoveKind::Castling)
    return core::file_of(move.to()) > core::file_of(move.from()) ? tr("castling king side")
                                                                 : tr("castling queen side");
  const core::Piece moved = before.piece_on(move.from());
  const std::string squares = core::square_name(move.from()) + "-" + core::square_name(move.to());
  if (move.kind() == core::MoveKind::Promotion)
    // TRANSLATORS: "pawn e7-e8 becoming queen".
    return format(tr("{piece} {squares} becoming {promotion}"),
                  {{"piece", piece_type(core::type_of(moved))},
                   {"squares", squares},
                   {"promotion", piece_type(move.promotion())}});
  return piece_type(core::type_of(moved)) + " " + squares;
}

std::string letters_name(std::string_view code) {
  // TRANSLATORS: the letters a move was read in: "Bc5 = pawn c7-c5 (German letters)".
  static constexpr std::pair<std::string_view, const char*> kNames[] = {
      {"en", tr_noop("English letters")},  {"de", tr_noop("German letters")},
      {"fr", tr_noop("French letters")},   {"es", tr_noop("Spanish letters")},
      {"it", tr_noop("Italian letters")},  {"nl", tr_noop("Dutch letters")},
      {"ru", tr_noop("Russian letters")},  {"mk", tr_noop("Macedonian letters")},
      {"sr", tr_noop("Serbian letters")},  {"sr-Cyrl", tr_noop("Serbian Cyrillic letters")},
      {"bg", tr_noop("Bulgarian letters")}};
  for (const auto& [key, name] : kNames)
    if (code == key) return tr(name);
  if (code.starts_with("profile")) return tr("the profile's words");
  return format(tr("{code} letters"), {{"code", std::string(code)}});
}

std::string record_error(const std::string& why) {
  return format(tr("RECORD ERROR: {why}. The game continues; keep the paper scoresheets."),
                {{"why", why}});
}

std::string record_caught_up(std::uint64_t entries) {
  return format(tr_n("record: the disk has room again; the journal is complete ({n} entry)",
                     "record: the disk has room again; the journal is complete ({n} entries)",
                     static_cast<unsigned long>(entries)),
                {{"n", std::to_string(entries)}});
}

std::string record_unwritten(std::size_t entries, const std::string& journal) {
  // TRANSLATORS: the station stops with entries its full disk kept from the journal; the
  // entries' lines follow this one, as the journal would hold them.
  return format(tr_n("RECORD ERROR: the station stops and {n} entry is still not in {journal} "
                     "(the disk is full). It follows as the journal would hold it: keep it and "
                     "give it to the arbiter (D.2.7); its seal code, if any, is not valid",
                     "RECORD ERROR: the station stops and {n} entries are still not in {journal} "
                     "(the disk is full). They follow as the journal would hold them: keep them "
                     "and give them to the arbiter (D.2.7); a seal code among them is not valid",
                     static_cast<unsigned long>(entries)),
                {{"n", std::to_string(entries)}, {"journal", journal}});
}

std::string record_file_failing(const std::string& why) {
  // TRANSLATORS: {why}: which file and the system's reason.
  return format(tr("record: {why} (said once; the journal keeps the game, and the file is "
                   "written again after the next event once it can be)"),
                {{"why", why}});
}

std::string record_file_written_again(const std::string& why) {
  return format(tr("record: written again, after \"{why}\""), {{"why", why}});
}

std::string station_log_failing(const std::string& why) {
  // TRANSLATORS: {why}: the station log's name and the system's reason.
  return format(tr("record: {why} (said once; the station's lines wait in memory and are written "
                   "to it, in order, once it can be written again; D.2.7)"),
                {{"why", why}});
}

std::string station_log_unwritten(std::size_t lines, const std::string& why) {
  // TRANSLATORS: the station stops with lines a full disk kept from station.log; they follow
  // this one, as the log would hold them. {why}: the log's name and the system's reason.
  return format(tr_n("RECORD ERROR: the station stops and {n} line is still not in its log "
                     "({why}). It follows as the log would hold it: keep it with the record "
                     "(D.2.7)",
                     "RECORD ERROR: the station stops and {n} lines are still not in its log "
                     "({why}). They follow as the log would hold them: keep them with the record "
                     "(D.2.7)",
                     static_cast<unsigned long>(lines)),
                {{"n", std::to_string(lines)}, {"why", why}});
}

std::string station_log_late_mark(const std::string& written_at) {
  // TRANSLATORS: after the time stamp of a log line that waited for a full disk; the stamp
  // before it is when it happened, {time} when it reached the log (same clock).
  return format(tr("(written late, at {time}) "), {{"time", written_at}});
}

std::string station_log_written_late(std::size_t lines, const std::string& why) {
  // TRANSLATORS: {why}: the station log's name and the system's reason it could not be written.
  return format(tr_n("record: written again, after \"{why}\": {n} line that waited is in the log, "
                     "marked \"written late\" after its own time (D.2.7)",
                     "record: written again, after \"{why}\": {n} lines that waited are in the "
                     "log, each marked \"written late\" after its own time (D.2.7)",
                     static_cast<unsigned long>(lines)),
                {{"why", why}, {"n", std::to_string(lines)}});
}

std::string seal_waiting() {
  return tr(
      "recording: sealed, but the seal waits in memory with the journal's other unwritten "
      "entries (the disk is full); its code is given once it is in the journal (D.2.7)");
}

std::string seal_written(const std::string& summary) {
  return format(tr("{seal}. Write the code on the paper scoresheet (D.2.7)."), {{"seal", summary}});
}

std::string restored(const GameRecord& g, const RestoredClocks* clock, const std::string& torn) {
  const auto& h = g.header();
  const std::size_t plies = g.moves().size();
  // TRANSLATORS: the first part of the line a resumption prints; the parts below follow it.
  std::string out = format(tr_n("Restored the game {white} - {black} after {n} half-move",
                                "Restored the game {white} - {black} after {n} half-moves", plies),
                           {{"white", core::escape_controls(h.white)},
                            {"black", core::escape_controls(h.black)},
                            {"n", std::to_string(plies)}});
  if (plies > 0) {
    const std::size_t last = plies - 1;
    out += format(
        tr(" (last move {number}{san})"),
        {{"number", move_number(g.game().start_position(), last)}, {"san", g.moves()[last].san}});
  }
  if (clock) {
    out += format(tr("; clocks {clocks} as at the last recorded event ({time} into the game)"),
                  {{"clocks", clocks(clock->white_left, clock->black_left)},
                   {"time", core::format_hms(g.last_event_at())}});
    if (clock->charged > Millis(0))
      out += format(tr("; {side}'s clock charged {charged} from {from} up to the last recorded "
                       "event at {to}"),
                    {{"side", side(clock->charged_side)},
                     {"charged", core::format_hms(clock->charged)},
                     {"from", core::format_hms(g.clocks_set_at())},
                     {"to", core::format_hms(g.last_event_at())}});
    out +=
        tr("; the time the station was down after it is charged to nobody (the arbiter may adjust "
           "the clocks, Art. 6.10.2)");
  }
  if (g.game().is_over())
    out += format(tr("; the game is over: {result}"),
                  {{"result", core::result_text(g.game().end().result)}});
  if (g.adjourned())
    // TRANSLATORS: open-envelope is a console command: keep it as it is.
    out +=
        tr("; adjourned: the sealed move waits in its envelope; at the resumption the arbiter "
           "types open-envelope and the sealed move is made (Guidelines I)");
  if (!torn.empty()) out += format(tr(". Dropped a torn last entry: {entry}"), {{"entry", torn}});
  return out + ".";
}

std::string game_type_line(const core::GameTypeRules& rules, const core::TimeControl& control,
                           bool configured) {
  std::string source;
  if (configured) {
    source = i18n::tr("set by game.type");
  } else if (const auto total = core::time_for_sixty_moves(control)) {
    source = i18n::format(i18n::tr("{time} for 60 moves"), {{"time", core::format_hms(*total)}});
  }
  switch (rules.type) {
    case core::GameType::Standard:
      return i18n::format(i18n::tr("Game type: standard play ({source})"), {{"source", source}});
    case core::GameType::Rapid:
      return i18n::format(
          i18n::tr("Game type: rapid (A.1, {source}); {article} applies (A.5); "
                   "the players need not record the moves (A.2): the "
                   "station's record is kept"),
          {{"source", source}, {"article", std::string(rules.supervision_article())}});
    case core::GameType::Blitz:
      break;
  }
  return i18n::format(i18n::tr("Game type: blitz (B.1, {source}); {article} applies (B.5); "
                               "penalties are one minute instead of two (B.2); the players need "
                               "not record the moves (A.2): the station's record is kept"),
                      {{"source", source}, {"article", std::string(rules.supervision_article())}});
}

}  // namespace annabella::app::text
