// annabella demo: a short real game at a human pace through the real station (app/station_rig.h):
// White (visually impaired) on the simulated pegboard, Black (sighted) entered by a simulated
// assistant at the console. A director thread plays the hand and the assistant and waits for
// what the station prints, as a person watching the console would.
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <ctime>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "app/commands.h"
#include "app/i18n.h"
#include "app/move_text.h"
#include "app/play_start.h"
#include "app/station_rig.h"
#include "app/station_text.h"
#include "core/movegen.h"
#include "core/notation.h"

namespace annabella::app {
namespace {

using namespace std::chrono_literals;

std::string now_for_folder() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  localtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y%m%d-%H%M%S", &tm);
  return text;
}

// The lines the station prints, for the director to wait on (the station runs on its own
// thread; the director only reads what it printed).
class PrintedLines {
 public:
  void add(std::string_view line) {
    {
      std::lock_guard lock(mutex_);
      lines_.emplace_back(line);
    }
    changed_.notify_all();
  }
  // Waits until a line printed after `from` contains `text`; the index after it, or nullopt.
  std::optional<std::size_t> wait_for(std::string_view text, std::size_t from,
                                      std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    std::optional<std::size_t> found;
    changed_.wait_for(lock, timeout, [&] {
      for (std::size_t i = from; i < lines_.size(); ++i)
        if (lines_[i].find(text) != std::string::npos) return (found = i + 1), true;
      return false;
    });
    return found;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::string> lines_;
};

// What the script waits for in the station's lines, in the language of the messages: the words
// a message starts with, up to its first ':' ("connected", "verbunden").
std::string head_of(const char* message) {
  const std::string text = i18n::tr(message);
  return text.substr(0, text.find(':'));
}

// " pegboard;": the end of "made 1. e4 (e2e4) by pegboard; White ...".
std::string made_by(MoveSource source) {
  return " " + text::move_source(source) + ";";
}

// The Chess960 demo's moves (Guidelines II): castling as soon as it is legal (II.3), else the
// quiet move of neither the king nor a rook from which the side could castle soonest if the
// opponent stood still (three of its own moves ahead), else a knight, bishop or queen off the
// first rank, else any move of neither the king nor a rook, else any move. Deterministic, so a
// start position always gives the same game. Move::none() when there is no legal move.
class DevelopingMoves {
 public:
  core::Move next(const core::Position& pos) const {
    const core::MoveList moves = core::legal_moves(pos);
    core::Move best = core::Move::none();
    int fewest = kFar;
    for (const core::Move m : moves) {
      if (m.kind() == core::MoveKind::Castling) return m;
      if (!quiet(pos, m)) continue;
      const auto again = our_turn_again(pos.after(m));
      const int plies = again ? moves_to_castle(*again, kLookahead - 1) : kFar;
      if (plies < fewest) {
        fewest = plies;
        best = m;
      }
    }
    if (!best.is_none()) return best;
    const int first_rank = pos.side_to_move() == core::WHITE ? 0 : 7;
    for (const core::Move m : moves)
      if (quiet(pos, m) && core::type_of(pos.piece_on(m.from())) != core::PAWN &&
          core::rank_of(m.from()) == first_rank && core::rank_of(m.to()) != first_rank)
        return m;
    for (const core::Move m : moves)
      if (quiet(pos, m)) return m;
    return moves.empty() ? core::Move::none() : *moves.begin();
  }

 private:
  static constexpr int kFar = 1000;
  static constexpr int kLookahead = 3;

  // Neither the king nor a rook moves (castling keeps its right), nothing is captured.
  static bool quiet(const core::Position& pos, core::Move m) {
    const core::PieceType type = core::type_of(pos.piece_on(m.from()));
    return type != core::KING && type != core::ROOK && !pos.is_capture(m);
  }
  // The position after our move with us to move again (the opponent standing still).
  static std::optional<core::Position> our_turn_again(const core::Position& after) {
    std::istringstream fields(after.fen());
    std::string board, side, castling, en_passant, halfmoves, fullmove;
    fields >> board >> side >> castling >> en_passant >> halfmoves >> fullmove;
    auto pos = core::Position::from_fen(
        board + (side == "w" ? " b " : " w ") + castling + " - " + halfmoves + " " + fullmove,
        core::Variant::Chess960);
    if (!pos) return std::nullopt;
    return std::move(*pos);
  }
  // How many of our own moves until we may castle, looking `depth` moves ahead (kFar: not so).
  static int moves_to_castle(const core::Position& pos, int depth) {
    const core::MoveList moves = core::legal_moves(pos);
    for (const core::Move m : moves)
      if (m.kind() == core::MoveKind::Castling) return 1;
    if (depth == 0) return kFar;
    int fewest = kFar;
    for (const core::Move m : moves) {
      if (!quiet(pos, m)) continue;
      if (const auto again = our_turn_again(pos.after(m)))
        fewest = std::min(fewest, 1 + moves_to_castle(*again, depth - 1));
    }
    return fewest;
  }
};

// Plays the demo's script against the running station: each step acts (the hand on the
// simulated pegboard, the assistant's typing) and waits for what the station must print.
// A step that fails ends the script with the reason and stops the station.
class Director {
 public:
  Director(StationRig& rig, PrintedLines& printed, double speed)
      : rig_(rig), board_(*rig.simulator()), printed_(printed), speed_(speed) {}

  Status run(bool chess960) {
    if (!board_.wait_for_host(5s)) {
      stop("the station did not open the pegboard");
      return status_;
    }
    if (!until(head_of("connected: the board agrees with the game"))) return status_;
    const bool played = chess960 ? chess960_game() : opening() && wrong_square() && middle_game();
    if (played && finish()) return {};
    return status_;
  }

 private:
  // 1. e4 d5 2. exd5 c6, the time asked by the board's button, 3. dxc6.
  bool opening() {
    if (!round("e4", "d5") || !round("exd5", "c6")) return false;
    // A time request from the board's button (D.2.6, D.2.10.4).
    pause(800ms);
    if (!act(board_.press(tactile::BoardButton::Time)) || !until("(D.2.10.4)")) return false;
    pause(2500ms);
    return round("dxc6", nullptr);
  }

  // The sighted player's knight move executed on a wrong square: caught at once, then the
  // arbiter's reconciliation gives the steps (D.2.9) and the board is corrected.
  bool wrong_square() {
    pause(1500ms);
    assistant("Nf6");
    if (!until(made_by(MoveSource::Console))) return false;
    pause(800ms);
    if (!act(board_.lift(core::SQ_G8))) return false;
    pause(400ms);
    if (!act(board_.place(core::SQ_H6)) || !until(head_of("illegal: {detail} (not made, D.2.3)")))
      return false;
    pause(2000ms);
    assistant("reconcile");
    if (!until("(D.2.9)")) return false;
    pause(2500ms);
    if (!act(board_.lift(core::SQ_H6))) return false;
    pause(400ms);
    if (!act(board_.place(core::SQ_F6)) || !until(executed("g8f6"))) return false;
    // The hand has now made the announced move; the simulated game follows it.
    auto knight = core::read_move(board_.position(), "Nf6");
    return knight ? act(board_.follow(*knight))
                  : stop("demo script: " + text::move_read_error(knight.error()));
  }

  // Castling and a promotion (D.2.1: "Kurze Rochade", "... wird Dame").
  bool middle_game() {
    return round("cxb7", "Nbd7") && round("Nf3", "e6") && round("Be2", "Bc5") &&
           round("O-O", "O-O") && round("bxa8=Q", "Qc7");
  }

  // A Chess960 game (Guidelines II) until both have castled (II.3), in ten moves at most: the
  // VI player castles on his pegboard in the order II.3.2.5.1 recommends, the sighted player's
  // castling is typed by the assistant and executed by the VI player.
  bool chess960_game() {
    bool white_castled = false, black_castled = false;
    for (int move = 0; move < 10 && !(white_castled && black_castled); ++move) {
      pause(1200ms);
      const core::Move white = DevelopingMoves().next(board_.position());
      if (white.is_none()) return true;
      white_castled |= white.kind() == core::MoveKind::Castling;
      if (!play(white, false)) return false;
      const core::Move black = DevelopingMoves().next(board_.position());
      if (black.is_none()) return true;
      black_castled |= black.kind() == core::MoveKind::Castling;
      pause(1500ms);
      assistant(core::to_san(board_.position(), black));
      if (!until(made_by(MoveSource::Console))) return false;
      pause(800ms);
      if (!play(black, true)) return false;
    }
    return true;
  }

  bool finish() {
    pause(1500ms);
    assistant("time");
    if (!until("(D.2.10.4)")) return false;
    pause(3000ms);
    assistant("resign black");
    if (!until(head_of("game over: {result} ({rule}: {reason})"))) return false;
    pause(2000ms);
    assistant("quit");
    return true;
  }

  // The VI player's move on the pegboard (D.2.3); then the sighted player's move typed by the
  // assistant (D.2.1) and executed by the VI player on his board.
  bool round(const std::string& white, const char* black) {
    pause(1200ms);
    if (!play(white, false)) return false;
    if (!black) return true;
    pause(1500ms);
    assistant(black);
    if (!until(made_by(MoveSource::Console))) return false;
    pause(800ms);
    return play(black, true);
  }

  // The hand plays `san` on the pegboard: the VI player's own move (made by the pegboard), or
  // the opponent's announced move executed.
  bool play(const std::string& san, bool executes) {
    auto move = core::read_move(board_.position(), san);
    if (!move) return stop("demo script: " + text::move_read_error(move.error()));
    return play(*move, executes);
  }
  bool play(core::Move move, bool executes) {
    const std::string uci = core::to_uci(move);
    if (!act(board_.play(move))) return false;
    // His own move: he announces it with the board's ANNOUNCE button (D.2.3 (3)).
    if (!executes) (void)board_.press(tactile::BoardButton::Announce);
    return until(executes ? executed(uci) : made_by(MoveSource::Pegboard));
  }

  // "executed g8f6 on the pegboard", as the station words it.
  static std::string executed(const std::string& uci) {
    return i18n::format(i18n::tr("executed {move} on the pegboard"), {{"move", uci}});
  }

  bool act(const Status& done) {
    return done ? true : stop("demo script: " + done.error().message);
  }

  // Waits until the station has printed `text` (after what it printed before).
  bool until(std::string_view text) {
    auto at = printed_.wait_for(text, seen_, 20s);
    if (!at)
      return stop("demo script: the station did not say \"" + std::string(text) + "\" in time");
    seen_ = *at;
    return true;
  }

  void assistant(const std::string& line) {
    rig_.queue().push(StationEvent::console(SteadyClock::now(), line, InputSource::Assistant));
  }

  void pause(std::chrono::milliseconds span) const {
    std::this_thread::sleep_for(
        std::chrono::duration_cast<std::chrono::milliseconds>(span / speed_));
  }

  bool stop(const std::string& why) {
    status_ = fail(why);
    rig_.stop();
    return false;
  }

  StationRig& rig_;
  tactile::BoardSimulator& board_;
  PrintedLines& printed_;
  double speed_;
  std::size_t seen_ = 0;
  Status status_;
};

}  // namespace

int run_demo(const DemoOptions& options, std::ostream& out, std::ostream& err) {
  RigOptions rig_options;
  auto& cfg = rig_options.station.config;
  cfg.event.name = "annabella demonstration";
  cfg.white = {"Anna Blind", 0, "", true};
  cfg.black = {"Bert Sighted", 0, "", false};
  cfg.pegboard.port = "simulator";
  cfg.pegboard.protocol = config::BoardWire::Peg;
  cfg.game.chess960 = options.chess960;  // Guidelines II; -1: standard chess
  rig_options.station.record_folder =
      options.folder.empty() ? std::filesystem::path("annabella-demo-" + now_for_folder())
                             : std::filesystem::path(options.folder);
  rig_options.sound = !options.silent;
  rig_options.console_from_stdin = false;
  rig_options.simulated_assistant = true;
  const double speed = options.speed <= 0 ? 1.0 : options.speed;
  rig_options.simulator_speed = speed;
  PrintedLines printed;
  rig_options.on_line = [&printed](std::string_view line) { printed.add(line); };
  if (auto ready = check_play_start(rig_options.station); !ready) {
    err << ready.error().message << '\n';
    return kExitUsage;
  }
  auto built = StationRig::build(rig_options, out);
  if (!built) {
    err << built.error().message << '\n';
    return 1;
  }
  StationRig& rig = **built;
  Status script;
  std::thread director([&] { script = Director(rig, printed, speed).run(options.chess960 >= 0); });
  rig.run();
  director.join();
  rig.announcer().wait_until_idle();
  out << i18n::format(i18n::tr("Demo finished. The record is in {folder}: game.pgn, "
                               "scoresheet.brf, touches.txt, announcements.wav (with its cue "
                               "list), game.journal, station.log"),
                      {{"folder", rig_options.station.record_folder.string()}})
      << "\n";
  if (!script) {
    err << script.error().message << '\n';
    return 1;
  }
  return 0;
}

}  // namespace annabella::app
