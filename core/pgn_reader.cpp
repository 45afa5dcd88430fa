// PGN reading: the game parser that replays every move (the lexer is pgn_lexer.cpp). The
// standard: "Portable Game Notation Specification and Implementation Guide", 1994, sections 4
// (import/export), 7 (tokens) and 8 (game data).
#include "core/pgn_reader.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <istream>

#include "core/game.h"
#include "core/pgn_reader_impl.h"
#include "core/pgn_text.h"
#include "core/text.h"

namespace annabella::core {

using namespace pgn_detail;
using K = PgnProblem::Kind;

namespace {

// The suffix annotation of a move ("!", "?", "!!", "??", "!?", "?!") as a NAG (PGN 10), or 0.
int suffix_nag(std::string_view suffix) {
  if (suffix == "!") return 1;
  if (suffix == "?") return 2;
  if (suffix == "!!") return 3;
  if (suffix == "??") return 4;
  if (suffix == "!?") return 5;
  if (suffix == "?!") return 6;
  return 0;
}

bool is_result(std::string_view w) {
  return w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*";
}

}  // namespace

void PgnReader::Impl::problem(std::string_view text, PgnProblem p, int at_line) {
  p.game = game;
  if (phase == Phase::Moves && !lines.empty() && p.move_number == 0) {
    p.move_number = lines.back().pos.fullmove_number();
    p.side = lines.back().pos.side_to_move();
  }
  p.line = at_line;
  p.text = std::string(text);
  ++summary.problems;
  ++total_problems;
  visitor.problem(p);
}

void PgnReader::Impl::begin_game() {
  ++game;
  phase = Phase::Tags;
  summary = PgnGameSummary{};
  summary.game = game;
  lines.clear();
  skip_depth = 0;
  result_tag.clear();
  fen_tag.clear();
  variant_tag.clear();
  has_result_tag = false;
  number_reported = false;
  visitor.begin_game(game);
}

void PgnReader::Impl::start_moves() {
  if (phase == Phase::BetweenGames) begin_game();
  if (phase == Phase::Moves) return;
  LineState main;
  bool broken = false;
  // Chess960 is part of the Laws (Guidelines II) and of the station's own PGN (core/chess960.h):
  // its games are checked from their FEN tag (X-FEN or Shredder-FEN).
  Variant variant = Variant::Standard;
  if (!variant_tag.empty()) {
    std::string v = variant_tag;
    for (char& ch : v) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    if (v == "chess960" || v == "chess 960" || v == "fischerandom" || v == "fischer random") {
      variant = Variant::Chess960;
    } else if (v != "standard" && v != "chess" && v != "normal") {
      problem(variant_tag, {.kind = K::NotStandardVariant, .value = variant_tag}, variant_line);
      broken = true;
    }
  }
  if (!fen_tag.empty()) {
    auto pos = Position::from_fen(fen_tag, variant);
    if (pos) {
      main.pos = *pos;
    } else {
      problem(fen_tag, {.kind = K::Fen, .fen = pos.error()}, fen_line);
      broken = true;
    }
  }
  phase = Phase::Moves;
  main.before = main.pos;
  main.broken = broken;
  main.keys.push_back(main.pos.key());
  lines.push_back(main);
  visitor.begin_moves(main.pos);
}

void PgnReader::Impl::end_game() {
  summary.result = result_tag_seen;
  visitor.end_game(summary);
  phase = Phase::BetweenGames;
  lines.clear();
  result_tag_seen.clear();
}

void PgnReader::Impl::close_variations(int at_line, std::string_view what) {
  int open = skip_depth;
  for (std::size_t k = 1; k < lines.size(); ++k) ++open;
  if (open > 0) problem(what, {.kind = K::VariationsNotClosed, .count = open}, at_line);
  skip_depth = 0;
  while (lines.size() > 1) {
    if (lines.back().reported) visitor.end_variation();
    lines.pop_back();
  }
}

void PgnReader::Impl::enter_tag_section(int at_line) {
  if (phase == Phase::Moves) {
    problem(tag_raw, {.kind = K::NoTerminationBefore}, at_line);
    close_variations(at_line, tag_raw);
    end_game();
  }
  if (phase == Phase::BetweenGames) begin_game();
}

void PgnReader::Impl::on_tag(int at_line) {
  enter_tag_section(at_line);
  if (tag_name == "FEN") {
    fen_tag = tag_value;
    fen_line = at_line;
  }
  if (tag_name == "Variant") {
    variant_tag = tag_value;
    variant_line = at_line;
  }
  if (tag_name == "Result") {
    result_tag = tag_value;
    has_result_tag = true;
  }
  visitor.tag(tag_name, tag_value);
}

void PgnReader::Impl::on_result(std::string_view text, int at_line) {
  start_moves();
  close_variations(at_line, text);
  if (has_result_tag && result_tag != text)
    problem(text, {.kind = K::ResultDiffers, .value = result_tag}, at_line);
  result_tag_seen = std::string(text);
  end_game();
}

void PgnReader::Impl::on_number(int number, std::string_view text, int at_line) {
  if (skip_depth > 0) return;
  LineState& l = lines.back();
  if (l.broken || number_reported) return;
  if (number != l.pos.fullmove_number()) {
    number_reported = true;
    problem(text, {.kind = K::MoveNumber, .count = number, .expected = l.pos.fullmove_number()},
            at_line);
  }
}

void PgnReader::Impl::on_move(std::string_view text, int at_line) {
  if (skip_depth > 0) return;
  LineState& l = lines.back();
  if (l.broken) {
    ++summary.unchecked_moves;
    return;
  }
  // A suffix annotation ("!", "?!") becomes a NAG.
  std::size_t end = text.size();
  while (end > 0 && (text[end - 1] == '!' || text[end - 1] == '?')) --end;
  int nag = suffix_nag(text.substr(end));
  const std::string_view san = nag ? text.substr(0, end) : text;
  if (played_after_the_end(l, text, false, at_line)) return;
  auto m = read_move(l.pos, san, options.letters, options.strictness);
  if (!m) {
    if (played_after_the_end(l, text, true, at_line)) return;
    problem(text, {.kind = K::Move, .move = m.error()}, at_line);
    l.broken = true;
    return;
  }
  visitor.move(l.pos, *m, san);
  l.before = l.pos;
  l.pos.play(*m);
  l.keys.push_back(l.pos.key());
  l.has_last = true;
  if (lines.size() == 1) ++summary.plies;
  if (nag) visitor.nag(nag);
}

bool PgnReader::Impl::played_after_the_end(LineState& l, std::string_view text, bool read_failed,
                                           int at_line) {
  // Art. 9.2.2: only positions since the last capture or pawn move can repeat.
  const std::size_t span =
      std::min(l.keys.size(), std::size_t(std::max(0, l.pos.halfmove_clock())) + 1);
  const int repetitions = int(std::count(l.keys.end() - long(span), l.keys.end(), l.pos.key()));
  if (!read_failed && repetitions < 5 && l.pos.halfmove_clock() < 150 && !is_dead_position(l.pos))
    return false;
  const GameEnd end = automatic_end(l.pos, repetitions);
  if (end.result == GameResult::Ongoing) return false;
  problem(text, {.kind = K::AfterTheEnd, .ended = end}, at_line);
  l.broken = true;
  return true;
}

void PgnReader::Impl::on_word(std::string_view w, int at_line) {
  if (phase != Phase::Moves) {
    // A word that is only a termination marker ends even a game without moves.
    start_moves();
  }
  if (is_result(w)) return on_result(w, at_line);
  if (options.strictness == Strictness::Lenient && (w == "½-½" || w == "1/2")) {
    return on_result("1/2-1/2", at_line);
  }
  // Move number indication: digits followed by periods, maybe glued to the move ("1.e4").
  std::size_t i = 0;
  while (i < w.size() && is_digit(w[i])) ++i;
  if (i > 0 && (i == w.size() || w[i] == '.')) {
    int number = 0;
    for (std::size_t k = 0; k < i && k < 6; ++k) number = number * 10 + (w[k] - '0');
    if (i > 6) number = -1;
    std::size_t j = i;
    while (j < w.size() && w[j] == '.') ++j;
    // Also "1…" (an ellipsis character) in lenient mode.
    if (options.strictness == Strictness::Lenient && w.substr(j).starts_with("…"))
      j += std::string_view("…").size();
    on_number(number, w.substr(0, j), at_line);
    if (j < w.size()) on_move(w.substr(j), at_line);
    return;
  }
  if (std::all_of(w.begin(), w.end(), [](char c) { return c == '.'; })) return;  // "..."
  on_move(w, at_line);
}

void PgnReader::Impl::on_nag(std::string_view digits, int at_line) {
  start_moves();
  if (skip_depth > 0) return;
  LineState& l = lines.back();
  if (l.broken) return;
  const auto nag = read_decimal(digits, 255);
  if (digits.size() > 3 || !nag) {
    // A NAG belongs to the move before it (PGN 8.2.4): reported at that move, not the next.
    PgnProblem at{.kind = K::NagOutOfRange};
    if (l.has_last) {
      at.side = ~l.pos.side_to_move();
      at.move_number = l.pos.fullmove_number() - (at.side == BLACK ? 1 : 0);
    }
    problem("$" + std::string(digits), at, at_line);
    return;
  }
  if (!l.has_last) {
    problem("$" + std::string(digits), {.kind = K::NagBeforeMove}, at_line);
    return;
  }
  visitor.nag(static_cast<int>(*nag));
}

void PgnReader::Impl::on_comment(std::string_view raw, int at_line) {
  start_moves();
  if (skip_depth > 0) return;
  if (lines.back().broken) return;
  auto c = parse_comment(raw);
  if (!c) {
    problem(raw, {.kind = K::Clock, .clock = c.error()}, at_line);
    PgnComment plain;
    plain.text = normalise_blanks(raw);
    visitor.comment(plain);
    return;
  }
  visitor.comment(*c);
}

void PgnReader::Impl::on_open(int at_line) {
  start_moves();
  if (skip_depth > 0) {
    ++skip_depth;
    return;
  }
  if (!options.keep_variations) {
    skip_depth = 1;
    ++summary.skipped_variations;
    return;
  }
  const LineState& parent = lines.back();
  LineState v;
  if (parent.broken) {
    v.broken = true;
  } else if (!parent.has_last) {
    problem("(", {.kind = K::VariationBeforeMove}, at_line);
    v.broken = true;
  } else {
    v.pos = parent.before;
    v.before = parent.before;
    v.keys.assign(parent.keys.begin(), parent.keys.end() - 1);
    v.reported = true;
    ++summary.variations;
  }
  lines.push_back(v);
  if (v.reported) visitor.begin_variation();
}

void PgnReader::Impl::on_close(int at_line) {
  if (phase != Phase::Moves) {
    start_moves();
  }
  if (skip_depth > 0) {
    --skip_depth;
    return;
  }
  if (lines.size() <= 1) {
    problem(")", {.kind = K::UnmatchedClose}, at_line);
    return;
  }
  if (lines.back().reported) visitor.end_variation();
  lines.pop_back();
}

PgnReader::PgnReader(PgnVisitor& visitor, PgnReadOptions options)
    : impl_(std::make_unique<Impl>(visitor, std::move(options))) {}
PgnReader::~PgnReader() = default;
void PgnReader::feed(std::string_view chunk) {
  impl_->feed(chunk);
}
void PgnReader::finish() {
  impl_->finish();
}
int PgnReader::games() const {
  return impl_->game;
}
int PgnReader::problems() const {
  return impl_->total_problems;
}

PgnInputStatus read_pgn(std::istream& in, PgnVisitor& visitor, PgnReadOptions options) {
  PgnReader reader(visitor, std::move(options));
  std::array<char, std::size_t{64} * 1024> buffer;
  while (in) {
    in.read(buffer.data(), std::streamsize(buffer.size()));
    const auto n = in.gcount();
    if (n > 0) reader.feed(std::string_view(buffer.data(), std::size_t(n)));
  }
  if (in.bad()) return fail_with(PgnInputError{PgnInputError::Kind::ReadFailed});
  reader.finish();
  return {};
}
}  // namespace annabella::core
