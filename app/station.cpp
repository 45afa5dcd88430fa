#include "app/station.h"

#include <cctype>
#include <fstream>

#include "app/brf.h"
#include "app/console.h"
#include "app/reconcile_text.h"
#include "core/clock.h"
#include "core/notation.h"
#include "core/pgn.h"
#include "core/reconcile.h"
#include "core/time_control.h"

namespace annabella::app {
namespace {

using std::chrono::milliseconds;

std::string side_word(core::Color c) {
  return c == core::WHITE ? "White" : "Black";
}

std::string move_number_text(std::size_t ply_index) {  // 0-based ply
  return std::to_string(ply_index / 2 + 1) + (ply_index % 2 ? "... " : ". ");
}

milliseconds to_ms(core::ClockDuration d) {
  return std::chrono::duration_cast<milliseconds>(d);
}

Status write_file(const std::filesystem::path& path, const std::string& text) {
  const auto temp = path.string() + ".tmp";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out) return fail("cannot write " + temp);
    out << text;
    if (!out.flush()) return fail("cannot write " + temp);
  }
  std::error_code ec;
  std::filesystem::rename(temp, path, ec);  // atomic: a reader never sees half a file
  if (ec) return fail("cannot replace " + path.string() + ": " + ec.message());
  return {};
}

core::WarningThresholds warning_thresholds(const config::StationConfig& cfg, core::Color vi) {
  core::WarningThresholds t;
  for (int minutes : cfg.warnings.minutes_left)
    t.time_left.push_back(std::chrono::minutes(minutes));
  if (cfg.warnings.moves_before_control > 0)
    t.moves_to_time_control.push_back(cfg.warnings.moves_before_control);
  t.sides = {vi == core::WHITE, vi == core::BLACK};  // only the VI player's, privately
  return t;
}

}  // namespace

StationEvent StationEvent::console(TimePoint time, std::string line, std::string source) {
  StationEvent e;
  e.kind = Kind::Console;
  e.time = time;
  e.line = std::move(line);
  e.source = std::move(source);
  return e;
}

StationEvent StationEvent::pegboard(tactile::BoardInput input) {
  StationEvent e;
  e.kind = Kind::Pegboard;
  e.time = input.time;
  e.board = std::move(input);
  return e;
}

StationEvent StationEvent::sighted_board(tactile::BoardInput input) {
  StationEvent e = pegboard(std::move(input));
  e.kind = Kind::SightedBoard;
  return e;
}

StationEvent StationEvent::stop(TimePoint time) {
  StationEvent e;
  e.kind = Kind::Stop;
  e.time = time;
  return e;
}

StationEvent StationEvent::notice(TimePoint time, std::string line) {
  StationEvent e;
  e.kind = Kind::Notice;
  e.time = time;
  e.line = std::move(line);
  return e;
}

Result<std::unique_ptr<Station>> Station::open(const StationOptions& options, StationOutput& output,
                                               TimePoint now) {
  const auto& cfg = options.config;
  auto vocabulary = speech::Vocabulary::load(cfg.speech.profile);
  if (!vocabulary) return fail("speech.profile: " + vocabulary.error().message);
  if (auto overridden = vocabulary->apply_overrides(cfg.speech.words); !overridden)
    return fail("speech.words: " + overridden.error().message);
  auto control = core::read_time_control(cfg.game.time_control);
  if (!control) return fail("game.time_control: " + control.error().message);

  std::error_code ec;
  std::filesystem::create_directories(options.record_folder, ec);
  if (ec)
    return fail("record.folder: cannot create " + options.record_folder.string() + ": " +
                ec.message());
  const auto journal_path = options.record_folder / "game.journal";

  core::Game game;
  core::ChessClock clock(*control);
  milliseconds resumed_at{0};
  std::optional<RecordedGame> recorded_game;
  std::optional<Journal> journal;
  std::string restored;
  // On resume the journal's header defines the game (control, colours, names), not the
  // configuration given now; each difference is said.
  StationOptions effective = options;
  std::vector<std::string> header_warnings;
  if (options.resume) {
    auto contents = read_journal(journal_path);
    if (!contents) return fail(contents.error().message);
    auto recorded = rebuild_game(*contents);
    if (!recorded) return fail(recorded.error().message);
    header_warnings = adopt_recorded_header(recorded->header, effective.config);
    auto resumed = Journal::resume(journal_path, *contents);
    if (!resumed) return fail(resumed.error().message);
    journal.emplace(std::move(*resumed));
    game = recorded->game;
    resumed_at = recorded->last_event_at;
    restored = describe_restored(*recorded);
    recorded_game = std::move(*recorded);
  } else {
    if (std::filesystem::exists(journal_path))
      return fail("record.folder: " + journal_path.string() +
                  " already holds a game; use `annabella play --resume` to continue it, or " +
                  "choose another folder");
    if (!cfg.game.start_fen.empty()) {
      auto start = core::Position::from_fen(cfg.game.start_fen);
      if (!start) return fail("game.start_fen: " + start.error().message);
      game = core::Game(*start);
    }
    auto created = Journal::create(journal_path);
    if (!created) return fail(created.error().message);
    journal.emplace(std::move(*created));
  }

  std::unique_ptr<Station> station(new Station(effective, output, std::move(*vocabulary),
                                               std::move(game), std::move(clock),
                                               std::move(*journal), now));
  station->origin_ = now - resumed_at;
  if (recorded_game) {
    for (const auto& warning : header_warnings) station->print(now, warning);
    station->moves_ = recorded_game->moves;
    station->restore_clocks(*recorded_game, now);
    station->record(resume_entry(resumed_at, restored), now);
    station->print(now, restored);
  } else {
    RecordHeader h;
    h.fen = cfg.game.start_fen;
    h.control = cfg.game.time_control;
    h.white = cfg.white.name;
    h.black = cfg.black.name;
    h.visually_impaired = station->vi_color_;
    h.event = cfg.event.name;
    h.site = cfg.event.site;
    h.round = cfg.event.round;
    h.date = cfg.event.date;
    h.board = cfg.event.board;
    station->record(begin_entry(h), now);
    station->print(now, "Game started: " + cfg.white.name + " (White) - " + cfg.black.name +
                            " (Black), " + core::to_fide_text(*control) + ". Record in " +
                            options.record_folder.string() + ".");
  }
  if (!recorded_game && !station->game_.is_over())
    (void)station->clock_.start(now, station->game_.position().side_to_move());
  station->clock_event(now);
  station->write_exports(now);
  return station;
}

Station::Station(const StationOptions& options, StationOutput& output,
                 speech::Vocabulary vocabulary, core::Game game, core::ChessClock clock,
                 Journal journal, TimePoint now)
    : options_(options),
      out_(output),
      vocabulary_(vocabulary),
      parser_(vocabulary),
      game_(std::move(game)),
      clock_(std::move(clock)),
      journal_(std::move(journal)),
      pegboard_(game_.position(),
                tactile::PegboardSettings{
                    .settle = milliseconds(options.config.pegboard.settle_ms),
                    .auto_announce = false,
                }),
      folder_(options.record_folder),
      vi_color_(options.config.black.visually_impaired && !options.config.white.visually_impaired
                    ? core::BLACK
                    : core::WHITE),
      origin_(now),
      last_time_(now),
      warnings_(warning_thresholds(options.config, vi_color_)) {
  wording_.form = options.config.speech.form == config::AnnouncementForm::Long
                      ? speech::MoveForm::Long
                      : speech::MoveForm::Short;
  wording_.name_captured_piece = options.config.speech.name_captured_piece;
  if (options.config.sighted_board.input == config::SightedInput::Dgt)
    sighted_board_.emplace(game_.position(),
                           tactile::PegboardSettings{
                               .settle = milliseconds(options.config.pegboard.settle_ms),
                               .auto_announce = true,
                           });
}

void Station::restore_clocks(const RecordedGame& recorded, TimePoint now) {
  // The clocks continue from where the journal left them: the turn recorded before the crash
  // goes on (the time from the entry that set the clocks up to the last recorded event charged,
  // as the clock would have); the time the station was down is not charged to anyone (the
  // arbiter may adjust it, Art. 6.10.2). origin_ + last_event_at is `now`.
  auto clock = restore_clock(recorded, origin_);
  if (!clock) {  // rebuild_game() has read the same control; said in case it ever differs
    print(now, "resume: the clocks cannot be restored: " + clock.error().message);
    return;
  }
  clock_ = std::move(*clock);
  if (recorded.sealed_move && !clock_.paused()) (void)clock_.pause(now, "adjourned");
}

std::chrono::milliseconds Station::timeline(TimePoint time) const {
  return std::chrono::duration_cast<milliseconds>(time - origin_);
}

void Station::print(TimePoint time, const std::string& text) {
  out_.print(time, text);
}

void Station::say(const speech::Phrase& phrase, Route route, TimePoint time) {
  out_.say(phrase, route, time);
}

void Station::clock_event(TimePoint time, bool query) {
  out_.clock_changed(clock_.reading(time), query);
}

void Station::record(const JournalEntry& entry, TimePoint time) {
  if (auto written = journal_.append(entry); !written) {
    // The game goes on; the arbiter must know that the record is not being kept.
    print(time, "RECORD ERROR: " + written.error().message +
                    ". The game continues; keep the paper scoresheets.");
  }
}

void Station::handle(const StationEvent& event) {
  // What was due before this event happens first (a settled move before a console line typed
  // after it, a flag before a later press), so the order of rulings follows the time stamps.
  tick(event.time);
  std::vector<tactile::PegboardEvent> happened;
  switch (event.kind) {
    case StationEvent::Kind::Pegboard:
      pegboard_.feed(event.board, happened);
      on_pegboard(happened);
      break;
    case StationEvent::Kind::SightedBoard:
      if (sighted_board_) {
        sighted_board_->feed(event.board, happened);
        on_sighted_board(happened);
      }
      break;
    case StationEvent::Kind::Console:
      on_console(event);
      break;
    case StationEvent::Kind::Stop:
      finished_ = true;
      break;
    case StationEvent::Kind::Notice:
      print(event.time, event.line);
      break;
  }
  tick(event.time);
}

void Station::tick(TimePoint now) {
  last_time_ = std::max(last_time_, now);
  std::vector<tactile::PegboardEvent> happened;
  pegboard_.tick(now, happened);
  on_pegboard(happened);
  if (sighted_board_) {
    happened.clear();
    sighted_board_->tick(now, happened);
    on_sighted_board(happened);
  }
  if (game_.is_over()) return;
  // Art. 6.8: a flag is fallen once observed or claimed; Art. 6.9 rules on it (`flag`).
  const auto flags = clock_.flags(now);
  if (!flags.empty() && !flag_reported_) {
    flag_reported_ = true;
    const core::Color flagged = flags.front().side;
    say(speech::phrase_flag_fall(vocabulary_, flagged), Route::Public, now);
    print(now,
          side_word(flagged) + "'s flag has fallen (Art. 6.8); claim it with: flag (Art. 6.9)");
  }
  // D.2.6: warnings at the thresholds the player chose, once each, privately.
  for (const auto& warning : warnings_.due(clock_.reading(now))) {
    if (warning.kind == core::ClockWarning::Kind::TimeLeft) {
      say(speech::phrase_low_time(vocabulary_, warning.side, to_ms(warning.remaining)),
          Route::Private, now);
    } else {
      print(now, std::to_string(warning.moves) + " moves to the time control for " +
                     side_word(warning.side));
    }
  }
}

std::optional<TimePoint> Station::next_deadline() const {
  std::optional<TimePoint> deadline = pegboard_.next_deadline();
  if (sighted_board_)
    if (auto t = sighted_board_->next_deadline(); t && (!deadline || *t < *deadline)) deadline = t;
  const auto consider = [&](TimePoint t) {
    if (!deadline || t < *deadline) deadline = t;
  };
  if (!game_.is_over() && !clock_.paused()) {
    if (auto expiry = clock_.expiry()) {
      if (!flag_reported_) consider(*expiry);
      if (auto due = warnings_.next_due(clock_.reading(last_time_))) consider(*due);
    }
  }
  return deadline;
}

void Station::on_pegboard(const std::vector<tactile::PegboardEvent>& events) {
  using Kind = tactile::PegboardEvent::Kind;
  for (const auto& e : events) {
    switch (e.kind) {
      case Kind::Touched: {
        // D.2.2: recorded as evidence (Art. 4); said on the console only.
        RecordedTouch touch{e.square,         e.piece,
                            timeline(e.time), static_cast<int>(game_.ply_count()),
                            e.own_piece,      false};
        record(touch_entry(touch), e.time);
        log_touch(touch, e.time);
        print(e.time, "touched " + core::square_name(e.square) +
                          (e.piece != core::NO_PIECE ? " " + core::piece_name(e.piece) : "") +
                          (e.own_piece ? "" : " (opponent's piece)") + " (D.2.2)");
        // speech.verbosity = verbose: the lifted piece is named in the player's ear, as the
        // board knows it ("Gustav eins: Weiss Springer").
        if (verbosity() == config::Verbosity::Verbose &&
            pegboard_.position().piece_on(e.square) != core::NO_PIECE)
          say(speech::phrase_square_reading(vocabulary_, pegboard_.position(),
                                            core::square_bb(e.square)),
              Route::Private, e.time);
        break;
      }
      case Kind::MoveCompleted: {
        if (to_execute_) {
          // D.2.1: the VI player has executed the opponent's announced move on his board.
          if (e.move == *to_execute_) {
            to_execute_.reset();
            print(e.time, "executed " + core::to_uci(e.move) + " on the pegboard");
          }
          break;
        }
        if (pegboard_.position().side_to_move() != vi_color_) {
          // The VI player executed the sighted player's move before it was entered: it is not
          // announced or made from the pegboard; the entered move is checked against it (D.2.1).
          print(e.time, "the pegboard shows " + core::to_san(pegboard_.position(), e.move) +
                            " for " + side_word(~vi_color_) +
                            "; waiting for the sighted player's move to be entered (D.2.1)");
          break;
        }
        // D.2.3 (1)+(2) done; (3) the station announces the move, which makes it.
        print(e.time, "completed " + core::to_san(pegboard_.position(), e.move) +
                          (e.replaces.is_none() ? "" : " (replaces the slid move)"));
        std::vector<tactile::PegboardEvent> made;
        say(speech::phrase_for_move(vocabulary_, pegboard_.position(), e.move, wording_),
            Route::Public, e.time);
        pegboard_.announce(e.time, made);
        on_pegboard(made);
        break;
      }
      case Kind::MoveMade:
        promotion_asked_ = false;
        make_move(e.move, e.time, "pegboard");
        break;
      case Kind::PromotionNeeded:
        promotion_asked_ = true;
        print(e.time,
              "promotion on " + core::square_name(e.square) +
                  ": which piece? (press a promotion button, or type Q, R, B or N) (D.2.1)");
        break;
      case Kind::Illegal:
        print(e.time, "illegal: " + e.detail + " (not made, D.2.3)");
        if (to_execute_)
          say(speech::phrase_illegal_move(vocabulary_, pegboard_.position(), *to_execute_),
              Route::Private, e.time);
        else
          say(speech::phrase_illegal_move(vocabulary_), Route::Private, e.time);
        break;
      case Kind::OutOfSync:
        // D.2.9 live: the settled board has stayed unexplained past the grace period; name the
        // move at which it went wrong and the fewest steps, privately and on the console.
        reconcile_now(e.time);
        break;
      case Kind::InSync:
        print(e.time, "the pegboard agrees with the game again");
        break;
      case Kind::Connected:
      case Kind::Reconnected:
      case Kind::Disconnected: {
        const auto link = e.kind == Kind::Connected     ? speech::BoardLink::Connected
                          : e.kind == Kind::Reconnected ? speech::BoardLink::Reconnected
                                                        : speech::BoardLink::Lost;
        // speech.verbosity = quiet: only a lost board is said; connecting is printed.
        if (link == speech::BoardLink::Lost || verbosity() != config::Verbosity::Quiet)
          say(speech::phrase_board_link(vocabulary_, speech::BoardKind::Pegboard, link),
              Route::Private, e.time);
        std::string text = tactile::describe(e);
        print(e.time, text);
        break;
      }
      case Kind::Button: {
        StationEvent command;
        command.kind = StationEvent::Kind::Console;
        command.time = e.time;
        command.source = "board button";
        if (e.button == tactile::BoardButton::Time)
          command.line = "time";
        else if (e.button == tactile::BoardButton::Repeat)
          command.line = "repeat";
        else
          break;
        on_console(command);
        break;
      }
      case Kind::Placed:
      case Kind::Removed:
      case Kind::MoveRetracted:
      case Kind::Info:
        print(e.time, tactile::describe(e));
        break;
    }
  }
}

void Station::on_sighted_board(const std::vector<tactile::PegboardEvent>& events) {
  using Kind = tactile::PegboardEvent::Kind;
  for (const auto& e : events) {
    switch (e.kind) {
      case Kind::MoveCompleted:
        // The VI player's move executed on the e-board (by the sighted player or the assistant).
        if (sighted_to_execute_ && e.move == *sighted_to_execute_) {
          sighted_to_execute_.reset();
          print(e.time, "e-board: executed " + core::to_uci(e.move));
        }
        break;
      case Kind::MoveMade: {
        // Art. 4.7: the sighted player's move is made when the piece is released on its square;
        // the station announces it (D.2.1) and the VI player executes it on the pegboard.
        if (game_.is_over() || game_.position().side_to_move() == vi_color_) break;
        const core::Position before = game_.position();
        make_move(e.move, e.time, "e-board");
        if (game_.ply_count() == 0 || game_.moves().back() != e.move) break;
        say(speech::phrase_for_move(vocabulary_, before, e.move, wording_), Route::Public, e.time);
        if (!game_.is_over()) expect_on_pegboard(e.move, e.time);
        break;
      }
      case Kind::Touched:
        if (e.own_piece && game_.position().side_to_move() != vi_color_) {
          RecordedTouch touch{
              e.square, e.piece, timeline(e.time), static_cast<int>(game_.ply_count()),
              true,     false};
          record(touch_entry(touch), e.time);
          log_touch(touch, e.time);
        }
        print(e.time, "e-board: " + tactile::describe(e));
        break;
      case Kind::OutOfSync:
        // D.2.9 live for the sighted player's board too.
        check_board_now(*sighted_board_, "the e-board", e.time);
        break;
      case Kind::Illegal:
      case Kind::Connected:
      case Kind::Reconnected:
      case Kind::Disconnected:
        print(e.time, "e-board: " + tactile::describe(e));
        break;
      default:
        break;
    }
  }
}

void Station::make_move(core::Move move, TimePoint time, std::string_view by) {
  const core::Position before = game_.position();
  const std::string san = core::to_san(before, move);
  if (auto played = game_.play(move); !played) {
    print(time, "not recorded: " + played.error().message);
    return;
  }
  // D.2.4: the opponent's clock starts only now that the move is made. Events from different
  // devices may arrive a little out of order: the clock is never pressed before its last event.
  const TimePoint press_time =
      clock_.log().empty() ? time : std::max(time, clock_.log().back().time);
  auto press = clock_.press(before.side_to_move(), press_time);
  if (!press) print(time, press.error().message);
  const RecordedMove& r =
      record_move(move, san, time, by, press ? std::optional(press->elapsed) : std::nullopt);
  clock_event(time);
  if (sighted_board_ && by == "pegboard") {
    sighted_to_execute_ = move;
    sighted_board_->expect_move(move);
  }
  draw_offer_.reset();
  print(time, "made " + move_number_text(game_.ply_count() - 1) + san + " (" + core::to_uci(move) +
                  ") by " + std::string(by) + "; White " + core::format_hms(r.white_left) +
                  ", Black " + core::format_hms(r.black_left));
  if (press && press->period_change)
    say(speech::phrase_time_control_reached(
            vocabulary_, press->moves_completed[before.side_to_move()],
            std::chrono::duration_cast<std::chrono::seconds>(press->added)),
        Route::Private, time);
  write_exports(time);
  if (game_.is_over()) {
    announce_end(time);
    return;
  }
  if (!options_.config.speech.say_draw_claims) return;  // Art. 11.3
  if (game_.can_claim_threefold())
    say(speech::phrase_draw_claim(vocabulary_, core::Termination::ThreefoldRepetitionClaim),
        Route::Private, time);
  else if (game_.can_claim_fifty_moves())
    say(speech::phrase_draw_claim(vocabulary_, core::Termination::FiftyMoveClaim), Route::Private,
        time);
}

const RecordedMove& Station::record_move(core::Move move, const std::string& san, TimePoint time,
                                         std::string_view by,
                                         std::optional<core::ClockDuration> elapsed) {
  RecordedMove r;
  r.move = move;
  r.san = san;
  r.at = timeline(time);
  r.white_left = to_ms(clock_.remaining(core::WHITE, time));
  r.black_left = to_ms(clock_.remaining(core::BLACK, time));
  if (elapsed) r.elapsed = to_ms(*elapsed);
  r.by = std::string(by);
  record(move_entry(r, game_.ply_count()), time);  // on disk before anyone acts on it
  moves_.push_back(r);
  return moves_.back();
}

void Station::enter_sighted_move(const std::string& text, TimePoint time) {
  if (game_.is_over()) {
    print(time, "the game is over (" + game_.end().reason + "); no move is recorded");
    return;
  }
  if (game_.position().side_to_move() == vi_color_) {
    print(time, "it is " + side_word(vi_color_) +
                    "'s move, made on the pegboard (D.2.3); the sighted player's move is entered "
                    "after it");
    return;
  }
  if (to_execute_) {
    print(time, "the previous move " + core::to_uci(*to_execute_) +
                    " is not yet executed on the pegboard");
  }
  // Appendix C letters of the sighted player's scoresheet language, or the profile's words.
  auto move = parser_.parse(game_.position(), text);
  if (!move) {
    std::string message = "not a move: " + move.error().message;
    for (const auto& phrase : move.error().candidate_phrases) message += "; " + phrase;
    print(time, message);
    return;
  }
  const core::Position before = game_.position();
  make_move(*move, time, "console");
  if (game_.ply_count() == 0 || game_.moves().back() != *move) return;
  // D.2.1: announced to both players; the VI player executes it on his board.
  say(speech::phrase_for_move(vocabulary_, before, *move, wording_), Route::Public, time);
  if (!game_.is_over()) expect_on_pegboard(*move, time);
}

void Station::choose_promotion(const std::string& text, TimePoint time) {
  // D.2.1: the announcement names the piece; on an occupancy-only pegboard the assistant types
  // it: "Q", "=Q", "e8=Q", "queen", the profile's word ("Dame") or the whole move in words.
  std::optional<core::PieceType> piece;
  if (auto move = parser_.parse(pegboard_.position(), text);
      move && move->kind() == core::MoveKind::Promotion)
    piece = move->promotion();
  const auto lower = [](std::string_view t) {
    std::string out;
    for (char c : t)
      if (c != '=' && c != '(' && c != ')')
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
  };
  const std::string word = lower(text);
  if (!piece) piece = piece_type_of_word(word);
  for (const auto& [key, type] :
       {std::pair{"piece.queen", core::QUEEN}, std::pair{"piece.rook", core::ROOK},
        std::pair{"piece.bishop", core::BISHOP}, std::pair{"piece.knight", core::KNIGHT}}) {
    const speech::Word w = vocabulary_.word(key);
    if (!piece && !word.empty() && (word == lower(w.display) || word == lower(w.spoken)))
      piece = type;
  }
  if (piece && (*piece == core::PAWN || *piece == core::KING)) piece.reset();  // Art. 3.7.5.1
  if (!piece) {
    print(time, "promotion: \"" + text +
                    "\" names no piece; type Q, R, B or N (or the piece's word) (D.2.1)");
    return;
  }
  print(time, "promotion to " + std::string(core::piece_type_name(*piece)) + " (D.2.1)");
  std::vector<tactile::PegboardEvent> events;
  pegboard_.set_promotion(*piece, time, events);
  on_pegboard(events);
}

void Station::expect_on_pegboard(core::Move move, TimePoint time) {
  // D.2.1: the VI player executes the announced move on his board; the station checks it.
  const auto already = pegboard_.completed_move();
  if (!already) {
    to_execute_ = move;
    pegboard_.expect_move(move);
    return;
  }
  // He executed a move before it was entered (the spoken announcement came first).
  std::vector<tactile::PegboardEvent> events;
  if (*already == move) {
    print(time, "executed " + core::to_uci(move) + " on the pegboard");
  } else {
    print(time, "the pegboard shows " + core::to_uci(*already) + " but " + core::to_uci(move) +
                    " was played; the VI player corrects his board (D.2.1)");
    say(speech::phrase_illegal_move(vocabulary_, game_.position_at(game_.ply_count() - 1), move),
        Route::Private, time);
  }
  pegboard_.set_position(game_.position(), time, events);
  on_pegboard(events);
}

void Station::announce_end(TimePoint time) {
  const auto& end = game_.end();
  record(end_entry(end, timeline(time)), time);
  (void)clock_.stop(time, end.reason);
  clock_event(time);
  say(speech::phrase_game_end(vocabulary_, end), Route::Public, time);
  print(time,
        "game over: " + core::result_text(end.result) + " (" + end.rule + ": " + end.reason + ")");
  write_exports(time);
}

void Station::say_time(TimePoint time) {
  // D.2.6 / D.2.10.4: both times and the moves completed, at the player's request, privately.
  const auto white = to_ms(clock_.remaining(core::WHITE, time));
  const auto black = to_ms(clock_.remaining(core::BLACK, time));
  const int completed = clock_.moves_completed(core::WHITE);
  say(speech::phrase_time_readout(vocabulary_, white, black, completed), Route::Private, time);
  clock_event(time, true);
  print(time, "time: White " + core::format_hms(white) + ", Black " + core::format_hms(black) +
                  ", " + std::to_string(completed) + " moves completed (D.2.10.4)");
}

void Station::say_last_move(TimePoint time) {
  if (game_.ply_count() == 0) {
    print(time, "no move yet");
    return;
  }
  const std::size_t last = game_.ply_count() - 1;
  say(speech::phrase_for_move(vocabulary_, game_.position_at(last), game_.moves()[last], wording_),
      Route::Private, time);
  print(time, "last move: " + move_number_text(last) + moves_[last].san);
}

void Station::read_game(TimePoint time, std::size_t last_n) {
  const std::size_t count = game_.ply_count();
  const std::size_t first = last_n == 0 || last_n >= count ? 0 : count - last_n;
  std::string text;
  for (std::size_t i = first; i < count; ++i) {
    if (i % 2 == 0 || i == first)
      text += (text.empty() ? "" : " ") + move_number_text(i);
    else
      text += " ";
    text += moves_[i].san;
  }
  print(time, text.empty() ? "no move yet" : text);
}

void Station::reconcile_now(TimePoint time) {
  check_board_now(pegboard_, "the pegboard", time);
  if (sighted_board_) check_board_now(*sighted_board_, "the e-board", time);
}

void Station::check_board_now(const tactile::Pegboard& board, const std::string& name,
                              TimePoint time) {
  // D.2.9, live: a board against the game record, caught at the first wrong move. Steps for the
  // pegboard are also spoken to the VI player, privately.
  const bool pegboard = &board == &pegboard_;
  const auto shown = core::read_placement(board.board());
  if (!shown) {
    print(time, "reconcile: " + name + " shows no possible position (" + shown.error().message +
                    "); correct it to the game's position: " + game_.position().fen() + " (D.2.9)");
    return;
  }
  const core::BoardCheck check =
      core::check_board(game_.start_position(), game_.moves(), *shown, game_.ply_count());
  if (check.matches) {
    print(time, "reconcile: " + name + " agrees with the game after " +
                    std::to_string(game_.ply_count()) + " half-moves (D.2.9)");
    return;
  }
  std::string text = "reconcile (D.2.9): " + name + " differs from the game";
  if (check.went_wrong)
    text += "; it went wrong at " + ply_name(game_.start_position(), check.went_wrong->ply) + ": " +
            check.went_wrong->played_san + " stands where " + check.went_wrong->expected_san +
            " was played";
  else if (check.matches_after)
    text += "; it shows the game after " + std::to_string(*check.matches_after) + " half-moves";
  text += ". Steps:";
  for (const auto& step : check.steps) text += " " + step_text(step) + ";";
  print(time, text);
  if (pegboard)
    for (const auto& step : check.steps)
      say(speech::phrase_correction_step(vocabulary_, step), Route::Private, time);
}

void Station::on_console(const StationEvent& event) {
  const TimePoint time = event.time;
  auto parsed = parse_console_line(event.line);
  if (!parsed && promotion_asked_ && game_.position().side_to_move() == vi_color_) {
    choose_promotion(event.line, time);  // "Q", "Dame": the answer to "which piece?"
    return;
  }
  if (!parsed) {
    print(time, parsed.error().message);
    return;
  }
  const auto& args = parsed->arguments;
  const auto side_arg = [&](std::size_t i) -> std::optional<core::Color> {
    if (args.size() <= i) return std::nullopt;
    if (args[i] == "white" || args[i] == "w") return core::WHITE;
    if (args[i] == "black" || args[i] == "b") return core::BLACK;
    return std::nullopt;
  };
  switch (parsed->kind) {
    case CommandKind::Help: {
      if (args.empty()) {
        print(time, console_help());
      } else {
        auto help = console_help(args[0]);
        print(time, help ? *help : help.error().message);
      }
      break;
    }
    case CommandKind::Time:
      say_time(time);
      break;
    case CommandKind::Repeat:
      say_last_move(time);
      break;
    case CommandKind::Moves:
      read_game(time, args.empty() ? 0 : std::size_t(std::atoi(args[0].c_str())) * 2);
      break;
    case CommandKind::Board: {
      std::string query;
      for (const auto& a : args) query += (query.empty() ? "" : " ") + a;
      auto text = read_board(game_.position(), query.empty() ? "all" : query);
      print(time, text ? *text : text.error().message);
      // Spoken to the VI player too, privately, in the profile's words.
      if (auto asked = board_query_squares(game_.position(), query.empty() ? "all" : query))
        say(asked->each_square
                ? speech::phrase_square_reading(vocabulary_, game_.position(), asked->squares)
                : speech::phrase_board_reading(vocabulary_, game_.position(), asked->squares),
            Route::Private, time);
      break;
    }
    case CommandKind::Captured:
      print(time, read_captured(game_));
      say(speech::phrase_captured(vocabulary_, core::captured_pieces(game_)), Route::Private, time);
      break;
    case CommandKind::Move: {
      std::string text;
      for (const auto& a : args) text += (text.empty() ? "" : " ") + a;
      if (promotion_asked_ && game_.position().side_to_move() == vi_color_)
        choose_promotion(text, time);
      else
        enter_sighted_move(text, time);
      break;
    }
    case CommandKind::Flag: {
      // D.2.10.5 / Art. 6.9
      const auto flags = clock_.flags(time);
      if (flags.empty()) {
        print(time, "flag: no flag has fallen; White " +
                        core::format_hms(clock_.remaining(core::WHITE, time)) + ", Black " +
                        core::format_hms(clock_.remaining(core::BLACK, time)) + " (Art. 6.9)");
        break;
      }
      if (auto ended = game_.flag_fall(flags.front().side); !ended) {
        print(time, "flag: " + ended.error().message);
        break;
      }
      announce_end(time);
      break;
    }
    case CommandKind::Touch: {
      if (args.empty() || !core::parse_square(args[0])) {
        print(time, "touch: which square? (for example: touch g1) (Art. 4.3)");
        break;
      }
      const auto square = *core::parse_square(args[0]);
      const auto piece = game_.position().piece_on(square);
      RecordedTouch touch{
          square,
          piece,
          timeline(time),
          static_cast<int>(game_.ply_count()),
          piece != core::NO_PIECE && core::color_of(piece) == game_.position().side_to_move(),
          false};
      record(touch_entry(touch), time);
      log_touch(touch, time);
      print(time, "touch by the sighted player recorded: " + args[0] +
                      (piece != core::NO_PIECE ? " " + core::piece_name(piece) : " (empty)") +
                      " (Art. 4.3: a touched piece must be moved if it can)");
      break;
    }
    case CommandKind::DrawOffer: {
      // Art. 9.1.2.1: the offer comes after the offerer's move; the station presses the clock
      // itself when the move is made, so by default it is the player who moved last.
      const auto named = side_arg(0);
      if (!args.empty() && !named) {
        print(time, "draw-offer: who offers? draw-offer [white|black] (Art. 9.1.2)");
        break;
      }
      draw_offer_ = named                   ? *named
                    : game_.ply_count() > 0 ? ~game_.position().side_to_move()
                                            : game_.position().side_to_move();
      print(time, side_word(*draw_offer_) + " offers a draw (Art. 9.1.2); " +
                      side_word(~*draw_offer_) + " accepts with draw-accept or plays on");
      break;
    }
    case CommandKind::DrawAccept: {
      if (!draw_offer_) {
        print(time, "draw-accept: no draw has been offered (Art. 9.1.2)");
        break;
      }
      if (auto ended = game_.agree_draw(); !ended) {
        print(time, "draw-accept: " + ended.error().message);
        break;
      }
      announce_end(time);
      break;
    }
    case CommandKind::DrawClaim: {
      std::optional<core::Move> intended;
      if (!args.empty()) {
        auto move = core::read_move(game_.position(), args[0]);
        if (!move) {
          print(time, "draw-claim: " + move.error().message);
          break;
        }
        intended = *move;
      }
      const core::Position before = game_.position();
      const core::Color claimant = before.side_to_move();
      if (auto claimed = game_.claim_draw(intended); !claimed) {
        // Art. 9.5.3: an incorrect claim gives the opponent two minutes; the game goes on, and
        // an intended move must then be made (Art. 3, 4).
        (void)clock_.add_time(~claimant, std::chrono::minutes(2), time,
                              "incorrect claim, Art. 9.5.3");
        record(clock_entry(to_ms(clock_.remaining(core::WHITE, time)),
                           to_ms(clock_.remaining(core::BLACK, time)), timeline(time), "claim"),
               time);
        clock_event(time);
        print(time, "draw-claim rejected: " + claimed.error().message + ". Two minutes added to " +
                        side_word(~claimant) + "'s clock (Art. 9.5.3)" +
                        (intended ? "; " + side_word(claimant) + " must now play " +
                                        core::to_san(before, *intended) + " (Art. 9.5.3)"
                                  : std::string()));
        break;
      }
      if (intended) {
        // Art. 9.2.1.1: the intended move, written and declared, is part of the game record.
        (void)record_move(*intended, core::to_san(before, *intended), time, "draw claim",
                          std::nullopt);
        write_exports(time);
      }
      announce_end(time);
      break;
    }
    case CommandKind::Resign: {
      const auto side = side_arg(0);
      if (!side) {
        print(time, "resign: who resigns? resign white | resign black (Art. 5.1.2)");
        break;
      }
      if (auto ended = game_.resign(*side); !ended) {
        print(time, "resign: " + ended.error().message);
        break;
      }
      announce_end(time);
      break;
    }
    case CommandKind::Pause:
    case CommandKind::Resume: {
      const bool pause = parsed->kind == CommandKind::Pause;
      const Status done = pause ? clock_.pause(time, "arbiter") : clock_.resume(time);
      if (!done) {
        print(time, std::string(pause ? "pause: " : "continue: ") + done.error().message);
        break;
      }
      const auto w = to_ms(clock_.remaining(core::WHITE, time));
      const auto b = to_ms(clock_.remaining(core::BLACK, time));
      record(clock_entry(w, b, timeline(time), pause ? "pause" : "resume"), time);
      clock_event(time);
      print(time, std::string(pause ? "clocks paused" : "clocks running") + " (Art. 6.11.1)");
      break;
    }
    case CommandKind::Adjust: {
      auto white = args.size() == 2 ? core::parse_hms(args[0]) : fail("two times needed");
      auto black = args.size() == 2 ? core::parse_hms(args[1]) : fail("two times needed");
      if (!white || !black) {
        print(time, "adjust: give White's and Black's times as H:MM:SS H:MM:SS (Art. 6.10.2)");
        break;
      }
      (void)clock_.set_remaining(core::WHITE, *white, time, "arbiter, Art. 6.10.2");
      (void)clock_.set_remaining(core::BLACK, *black, time, "arbiter, Art. 6.10.2");
      record(clock_entry(to_ms(*white), to_ms(*black), timeline(time), "adjust"), time);
      clock_event(time);
      print(time, "clocks set: White " + core::format_hms(*white) + ", Black " +
                      core::format_hms(*black) + " (Art. 6.10.2)");
      flag_reported_ = false;
      break;
    }
    case CommandKind::Penalty: {
      const auto side = side_arg(0);
      const int minutes = args.size() >= 2 ? std::atoi(args[1].c_str()) : 0;
      if (!side || minutes <= 0) {
        print(time, "penalty: penalty white|black MINUTES adds time to that player's clock " +
                        std::string("(Art. 12.9: e.g. two minutes to the opponent)"));
        break;
      }
      (void)clock_.add_time(*side, std::chrono::minutes(minutes), time, "penalty, Art. 12.9");
      const auto w = to_ms(clock_.remaining(core::WHITE, time));
      const auto b = to_ms(clock_.remaining(core::BLACK, time));
      record(clock_entry(w, b, timeline(time), "penalty"), time);
      clock_event(time);
      print(time, std::to_string(minutes) + " minutes added to " + side_word(*side) +
                      "'s clock (Art. 12.9)");
      break;
    }
    case CommandKind::Reconcile:
      reconcile_now(time);
      break;
    case CommandKind::Adjourn: {
      if (args.empty()) {
        print(time, "adjourn: give the sealed move as written (Guidelines I.1)");
        break;
      }
      (void)clock_.pause(time, "adjourned");
      const auto w = to_ms(clock_.remaining(core::WHITE, time));
      const auto b = to_ms(clock_.remaining(core::BLACK, time));
      record(adjourn_entry(args[0], timeline(time), w, b), time);
      clock_event(time);
      // Guidelines I.1.3: what the envelope must show.
      print(time, "adjourned. Envelope: " + options_.config.white.name + " - " +
                      options_.config.black.name + ", " + options_.config.event.name + ", round " +
                      options_.config.event.round + ", board " +
                      std::to_string(options_.config.event.board) + "; position after " +
                      std::to_string(game_.ply_count()) + " half-moves: " + game_.position().fen() +
                      "; " + side_word(game_.position().side_to_move()) +
                      " sealed the move; times White " + core::format_hms(w) + ", Black " +
                      core::format_hms(b) + ". Resume with `annabella play --resume`.");
      finished_ = true;
      break;
    }
    case CommandKind::Status: {
      const auto now = time;
      print(time,
            "status: " + std::to_string(game_.ply_count()) + " half-moves, " +
                side_word(game_.position().side_to_move()) + " to move; White " +
                core::format_hms(clock_.remaining(core::WHITE, now)) + ", Black " +
                core::format_hms(clock_.remaining(core::BLACK, now)) + "; pegboard " +
                (pegboard_.in_sync() ? "in step" : "differs") +
                (game_.is_over() ? "; game over " + core::result_text(game_.end().result) : ""));
      break;
    }
    case CommandKind::Quit:
      print(time, "stopping; the record is kept in " + folder_.string() +
                      " (`annabella play --resume` continues)");
      finished_ = true;
      break;
  }
}

std::vector<std::filesystem::path> Station::exports() const {
  return {folder_ / "game.pgn", folder_ / "scoresheet.brf", folder_ / "touches.txt"};
}

void Station::write_exports(TimePoint time) {
  const auto& cfg = options_.config;
  // PGN with the seven-tag roster, [%clk] and [%emt] (PGN standard; Art. 8 scoresheet).
  core::PgnGame pgn;
  pgn.set_tag("Event", cfg.event.name);
  pgn.set_tag("Site", cfg.event.site);
  pgn.set_tag("Date", cfg.event.date.empty() ? "????.??.??" : cfg.event.date);
  pgn.set_tag("Round", cfg.event.round);
  pgn.set_tag("White", cfg.white.name);
  pgn.set_tag("Black", cfg.black.name);
  pgn.set_tag("Result", core::result_text(game_.end().result));
  pgn.set_tag("Board", std::to_string(cfg.event.board));
  if (auto tag = core::to_pgn_time_control(clock_.control())) pgn.set_tag("TimeControl", *tag);
  if (game_.is_over()) pgn.set_tag("Termination", game_.end().reason);
  pgn.start = game_.start_position();
  pgn.moves = core::line_from_moves(game_.start_position(), game_.moves());
  pgn.result = core::result_text(game_.end().result);
  std::vector<std::string> braille_lines = {cfg.white.name + " - " + cfg.black.name,
                                            cfg.event.name + ", round " + cfg.event.round};
  for (std::size_t i = 0; i < moves_.size() && i < pgn.moves.moves.size(); ++i) {
    const auto& m = moves_[i];
    const bool white_moved = game_.position_at(i).side_to_move() == core::WHITE;
    pgn.moves.moves[i].clock = white_moved ? m.white_left : m.black_left;
    pgn.moves.moves[i].elapsed = m.elapsed;
    if (i % 2 == 0)
      braille_lines.push_back(move_number_text(i) + m.san);
    else
      braille_lines.back() += " " + m.san;
  }
  if (auto status = write_file(folder_ / "game.pgn", core::write_pgn(pgn)); !status)
    print(time, "record: " + status.error().message);
  braille_lines.push_back(core::result_text(game_.end().result));
  auto brf = to_brf(braille_lines, cfg.record.braille_table);
  if (!brf)
    print(time, "record.braille_table: " + brf.error().message);
  else if (auto status = write_file(folder_ / "scoresheet.brf", *brf); !status)
    print(time, "record: " + status.error().message);
}

void Station::log_touch(const RecordedTouch& t, TimePoint time) {
  // The touch log grows a line at a time (D.2.2; evidence for Art. 4).
  const auto path = folder_ / "touches.txt";
  const bool fresh = !std::filesystem::exists(path);
  std::ofstream out(path, std::ios::app);
  if (fresh)
    out << "# Touch log (D.2.2; evidence for Art. 4): half-move, time since the start, "
           "square, piece\n";
  out << t.ply << '\t' << core::format_hms_ms(t.at) << '\t' << core::square_name(t.square) << '\t'
      << core::piece_name(t.piece) << (t.own ? "" : " (the opponent's piece)") << '\n';
  if (!out.flush()) print(time, "record: cannot write " + path.string());
}

}  // namespace annabella::app
