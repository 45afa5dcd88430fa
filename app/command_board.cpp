// annabella board-sim (a simulated DGT or peg board on a pseudo-terminal) and annabella board
// watch (follows a game on a board and prints every event as a text line).
#include <algorithm>
#include <cerrno>
#include <charconv>
#include <fstream>
#include <istream>
#include <ostream>
#include <sstream>
#include <thread>

#include "app/commands.h"
#include "app/fen_text.h"
#include "app/file_error.h"
#include "app/move_text.h"
#include "app/pgn_text.h"
#include "core/notation.h"
#include "core/pgn.h"
#include "tactile/board_reader.h"
#include "tactile/board_simulator.h"

namespace annabella::app {

namespace {

using namespace std::chrono_literals;
using tactile::BoardButton;
using tactile::PegboardEvent;

// Every FEN the station accepts as game.start_fen (config/schema.cpp): standard chess, else
// Chess960 (Guidelines II: X-FEN with the king off e1, Shredder-FEN rights) (tester 14h). A FEN
// that reads as neither is worded as standard chess reads it.
Result<core::Position> start_position(const std::string& fen) {
  if (fen.empty()) return core::Position{};
  auto position = core::Position::from_fen(fen);
  if (!position) {
    if (auto chess960 = core::Position::from_fen(fen, core::Variant::Chess960))
      return std::move(*chess960);
    return fail(text::fen_error(position.error()));
  }
  return std::move(*position);
}

// The main line of the first game in a PGN file (or a plain list of SAN/UCI moves, which is PGN
// movetext without tags), read leniently; `start` is set from its FEN tag if it has one.
Result<std::vector<core::Move>> read_game_moves(const std::string& path, core::Position& start,
                                                bool fen_given) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(cannot_read("--pgn", path, read_fault(path, errno)));
  std::stringstream text;
  text << in.rdbuf();
  std::string movetext = text.str();
  if (fen_given && movetext.find("[FEN") == std::string::npos) {
    movetext = "[FEN \"" + start.fen() + "\"]\n" + movetext;
    // Guidelines II: the moves of a Chess960 start are read as Chess960 moves.
    if (start.is_chess960() && movetext.find("[Variant") == std::string::npos)
      movetext = "[Variant \"Chess960\"]\n" + movetext;
  }
  core::PgnReadOptions options;
  options.strictness = core::Strictness::Lenient;  // UCI and long algebraic too
  options.keep_variations = false;
  const auto games = core::read_pgn_games(movetext, options);
  if (games.empty()) return fail(path + ": no game in it");
  const core::PgnGame& game = games.front();
  if (!game.problems.empty()) return fail(path + ": " + text::pgn_problem(game.problems.front()));
  start = game.start;
  std::vector<core::Move> moves;
  for (const auto& node : game.moves.moves) moves.push_back(node.move);
  return moves;
}

std::optional<core::Piece> piece_from_letter(std::string_view letter) {
  static constexpr std::string_view kLetters = "PNBRQKpnbrqk";
  if (letter.size() != 1) return std::nullopt;
  const auto at = kLetters.find(letter[0]);
  if (at == std::string_view::npos) return std::nullopt;
  return core::make_piece(at < 6 ? core::WHITE : core::BLACK,
                          static_cast<core::PieceType>(core::PAWN + at % 6));
}

std::optional<BoardButton> button_from_word(std::string word) {
  std::transform(word.begin(), word.end(), word.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const BoardButton b : tactile::kBoardButtons) {
    std::string name(tactile::button_name(b));
    if (word == name) return b;
    std::replace(name.begin(), name.end(), ' ', '-');
    if (word == name) return b;
  }
  static constexpr std::pair<std::string_view, BoardButton> kShort[] = {
      {"promote-q", BoardButton::PromoteQueen},
      {"promote-r", BoardButton::PromoteRook},
      {"promote-b", BoardButton::PromoteBishop},
      {"promote-n", BoardButton::PromoteKnight},
      {"prev", BoardButton::Previous}};
  for (const auto& [token, b] : kShort)
    if (word == token) return b;
  return std::nullopt;
}

constexpr const char* kSimHelp =
    "commands: lift SQUARE | place SQUARE [PIECE letter, e.g. Q or n] | button "
    "announce|time|repeat|promote-q|promote-r|promote-b|promote-n|menu|next|prev|select|back|"
    "confirm | move SAN-or-UCI | unplug | "
    "replug | sleep MILLISECONDS | help | quit";

// The stdin commands, one handler each (the verb is read already).
class SimCommands {
 public:
  SimCommands(tactile::BoardSimulator& sim, std::ostream& out, std::ostream& err)
      : sim_(sim), out_(out), err_(err) {}

  // One line; false on "quit".
  bool run(const std::string& line) {
    std::istringstream words(line);
    std::string verb;
    words >> verb >> arg_ >> extra_;
    line_ = line;
    if (verb.empty() || verb[0] == '#') return true;
    if (verb == "quit" || verb == "exit") return false;
    static const std::pair<std::string_view, void (SimCommands::*)()> kVerbs[] = {
        {"help", &SimCommands::help},     {"lift", &SimCommands::lift},
        {"place", &SimCommands::place},   {"button", &SimCommands::button},
        {"move", &SimCommands::move},     {"unplug", &SimCommands::unplug},
        {"replug", &SimCommands::replug}, {"sleep", &SimCommands::sleep},
    };
    for (const auto& [name, handler] : kVerbs)
      if (verb == name) {
        (this->*handler)();
        return true;
      }
    unreadable();
    return true;
  }

 private:
  void report(const Status& done, const std::string& what) {
    if (done)
      out_ << what << '\n' << std::flush;
    else
      err_ << "board-sim: " << done.error().message << '\n' << std::flush;
  }
  void unreadable() {
    err_ << "board-sim: cannot read '" << line_ << "' (" << kSimHelp << ")\n" << std::flush;
  }
  void help() { out_ << kSimHelp << '\n' << std::flush; }
  void lift() {
    const auto square = core::parse_square(arg_);
    if (!square) return unreadable();
    const core::Piece piece = sim_.board()[*square];
    report(sim_.lift(*square), piece == core::NO_PIECE
                                   ? ""
                                   : "lifted " + tactile::piece_words(piece) + " from " + arg_);
  }
  void place() {
    const auto square = core::parse_square(arg_);
    if (!square) return unreadable();
    core::Piece piece = core::NO_PIECE;
    if (!extra_.empty()) {
      const auto named = piece_from_letter(extra_);
      if (!named) {
        err_ << "board-sim: '" << extra_ << "' is no piece letter (PNBRQK white, pnbrqk black)\n";
        return;
      }
      piece = *named;
    }
    const Status done = sim_.place(*square, piece);
    report(done,
           done ? "placed " + tactile::piece_words(sim_.board()[*square]) + " on " + arg_ : "");
  }
  void button() {
    const auto pressed = button_from_word(arg_);
    if (!pressed) {
      err_ << "board-sim: '" << arg_ << "' is no button (" << kSimHelp << ")\n";
      return;
    }
    report(sim_.press(*pressed), "pressed " + std::string(tactile::button_name(*pressed)));
  }
  void move() {
    const core::Position before = sim_.position();
    auto read = core::read_move(before, arg_);
    if (!read) {
      err_ << "board-sim: " << text::move_read_error(read.error()) << '\n' << std::flush;
      return;
    }
    sim_.think();  // a player thinks before moving (the previous move settles meanwhile)
    report(sim_.play(*read),
           "played " + core::to_san(before, *read) + " (" + core::to_uci(*read) + ")");
  }
  void unplug() {
    sim_.unplug();
    out_ << "unplugged\n" << std::flush;
  }
  void replug() { report(sim_.replug(), "plugged in again: " + sim_.device()); }
  void sleep() {
    unsigned milliseconds = 0;
    const char* end = arg_.data() + arg_.size();
    if (arg_.empty() || std::from_chars(arg_.data(), end, milliseconds).ptr != end) {
      err_ << "board-sim: 'sleep " << arg_ << "': give the milliseconds as a whole number\n";
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(milliseconds));
  }

  tactile::BoardSimulator& sim_;
  std::ostream& out_;
  std::ostream& err_;
  std::string line_, arg_, extra_;
};

}  // namespace

int run_board_sim(const BoardSimOptions& options, std::istream& in, std::ostream& out,
                  std::ostream& err) {
  const auto protocol = tactile::parse_protocol(options.protocol);
  if (!protocol) {
    err << "annabella board-sim: --protocol must be dgt or peg\n";
    return 2;
  }
  auto start = start_position(options.fen);
  if (!start) {
    err << "annabella board-sim: " << start.error().message << '\n';
    return 2;
  }
  std::vector<core::Move> moves;
  if (!options.pgn.empty()) {
    auto read = read_game_moves(options.pgn, *start, !options.fen.empty());
    if (!read) {
      err << "annabella board-sim: " << read.error().message << '\n';
      return 2;
    }
    moves = std::move(*read);
  }
  tactile::BoardSimulatorSettings settings;
  settings.protocol = *protocol;
  settings.link = options.link;
  settings.start = *start;
  settings.pace.speed = options.speed;
  settings.habits.seed = options.seed;
  if (options.steady) settings.habits = {0, 0, 0, options.seed};
  auto sim = tactile::BoardSimulator::create(settings);
  if (!sim) {
    err << "annabella board-sim: " << sim.error().message << '\n';
    return 1;
  }
  out << "board-sim: a " << (*protocol == tactile::ProtocolKind::Dgt ? "DGT" : "peg")
      << " board on " << (*sim)->device() << (options.link.empty() ? "" : " (" + options.link + ")")
      << "; waiting for a host to read the board\n"
      << std::flush;
  // A board does nothing a host could see until one has read it (a DGT board is in bus mode
  // until asked for updates; a peg host ignores events before its first scan).
  while (!(*sim)->wait_for_host(1000ms)) {
  }
  out << "board-sim: the host read the board\n" << std::flush;
  if (!options.pgn.empty()) {
    core::Position position = *start;
    for (const core::Move move : moves) {
      (*sim)->think();
      const auto style = (*sim)->pick_style(move);
      if (auto played = (*sim)->play(move, style); !played) {
        err << "annabella board-sim: " << played.error().message << '\n';
        return 1;
      }
      out << "played " << core::to_san(position, move) << " (" << core::to_uci(move) << ")\n"
          << std::flush;
      position.play(move);
    }
    // Let the host see the last move settle before the cable is pulled.
    std::this_thread::sleep_for(1000ms);
    out << "board-sim: game over\n" << std::flush;
    return 0;
  }
  SimCommands commands(**sim, out, err);
  for (std::string line; std::getline(in, line);)
    if (!commands.run(line)) break;
  return 0;
}

namespace {

// "made Nf3 (g1f3)", "completed exd5 (e4d5)", else the recogniser's own words.
std::string watch_line(const PegboardEvent& event, const core::Position& before) {
  switch (event.kind) {
    case PegboardEvent::Kind::MoveMade:
      return "made " + core::to_san(before, event.move) + " (" + core::to_uci(event.move) + ")";
    case PegboardEvent::Kind::MoveCompleted:
      return "completed " + core::to_san(before, event.move) + " (" + core::to_uci(event.move) +
             ")" + (event.replaces.is_none() ? "" : ", replaces " + core::to_uci(event.replaces)) +
             tactile::castling_note(event);
    default:
      return tactile::describe(event);
  }
}

}  // namespace

int run_board_watch(const BoardWatchOptions& options, std::ostream& out, std::ostream& err) {
  const auto protocol = tactile::parse_protocol(options.protocol);
  if (!protocol) {
    err << "annabella board watch: --protocol must be dgt or peg\n";
    return 2;
  }
  auto start = start_position(options.fen);
  if (!start) {
    err << "annabella board watch: " << start.error().message << '\n';
    return 2;
  }
  tactile::PegboardSettings settings;
  settings.settle = std::chrono::milliseconds(options.settle_ms);
  // Nobody announces here (D.2.3 (3)): a completed move is made when the other side touches a
  // piece, or when the board stayed quiet for announce_ms.
  settings.made_by_reply = true;
  tactile::Pegboard pegboard(*start, settings);
  tactile::BoardInputQueue queue;
  tactile::BoardReaderSettings reader_settings;
  reader_settings.port = options.port;
  reader_settings.protocol = *protocol;
  tactile::BoardReader reader(reader_settings, queue.sink());

  const auto begun = tactile::SteadyClock::now();
  // No --timeout: never (TimePoint::max()).
  const tactile::TimePoint give_up =
      options.timeout_s > 0 ? begun + std::chrono::duration_cast<std::chrono::milliseconds>(
                                          std::chrono::duration<double>(options.timeout_s))
                            : tactile::TimePoint::max();
  const auto announce_after = std::chrono::milliseconds(options.announce_ms);
  core::Position before = *start;                 // the game so far, for SAN
  std::optional<tactile::TimePoint> quiet_since;  // a completed move waiting to be made
  int made = 0;
  std::vector<PegboardEvent> events;
  for (;;) {
    auto limit = tactile::SteadyClock::now() + 1s;
    if (quiet_since) limit = std::min(limit, *quiet_since + announce_after);
    limit = std::min(limit, give_up);
    pump(queue, pegboard, limit, events);
    const auto now = tactile::SteadyClock::now();
    if (quiet_since && pegboard.completed_move() && now >= *quiet_since + announce_after)
      pegboard.announce(now, events);  // D.2.3 (3), standing in for the announcement
    for (const auto& event : events) {
      out << watch_line(event, before) << '\n';
      if (event.kind == PegboardEvent::Kind::MoveMade) {
        before.play(event.move);
        ++made;
      }
    }
    out << std::flush;
    if (!events.empty())
      quiet_since = pegboard.completed_move() ? std::optional(now) : std::nullopt;
    events.clear();
    if (options.moves > 0 && made >= options.moves) return 0;
    if (now >= give_up) {
      err << "annabella board watch: " << made << " moves made in " << options.timeout_s
          << " s; stopped (--timeout)\n";
      return 1;
    }
  }
}

}  // namespace annabella::app
