// PGN writing: see pgn_writer.h.
#include "core/pgn_writer.h"

#include <algorithm>

#include "core/pgn_text.h"

namespace annabella::core {

using namespace pgn_detail;

namespace {

constexpr std::size_t kMaxLine = 79;  // PGN 8.2.6: export lines hold at most 79 characters

std::string escape_tag_value(std::string_view v) {
  std::string out;
  for (char c : v) {
    if (c == '\\' || c == '"') out += '\\';
    out += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  }
  return out;
}

class MovetextWriter {
 public:
  MovetextWriter(const PgnWriteOptions& options) : options_(options) {}

  void put(std::string_view atom) {
    std::string a = std::move(prefix_);
    prefix_.clear();
    a += atom;
    if (!cur_.empty() && cur_.size() + 1 + a.size() > kMaxLine) flush();
    if (!cur_.empty()) cur_ += ' ';
    cur_ += a;
  }
  // Glued to the next atom: "(" opens a variation without a blank (PGN 8.2.5).
  void glue_prefix(std::string_view s) { prefix_ += s; }
  // Glued to the last atom: ")".
  void glue_suffix(char c) {
    if (cur_.size() + 1 > kMaxLine) {
      const std::size_t blank = cur_.rfind(' ');
      if (blank != std::string::npos) {
        std::string last = cur_.substr(blank + 1);
        cur_.resize(blank);
        flush();
        cur_ = std::move(last);
      }
    }
    cur_ += c;
  }

  void comment(std::string_view text) {
    std::string s(text);
    std::replace(s.begin(), s.end(), '}', ')');  // a comment cannot hold '}' (PGN 5)
    std::vector<std::string_view> words;
    std::string_view rest = s;
    while (!rest.empty()) {
      while (!rest.empty() && is_space(rest.front())) rest.remove_prefix(1);
      std::size_t n = 0;
      while (n < rest.size() && !is_space(rest[n])) ++n;
      // A command ("[%clk 0:03:00]") is kept on one line.
      if (rest.substr(0, n).starts_with("[%") && rest.substr(0, n).find(']') == rest.npos) {
        const std::size_t close = rest.find(']');
        n = close == rest.npos ? rest.size() : close + 1;
        while (n < rest.size() && !is_space(rest[n])) ++n;
      }
      if (n) words.push_back(rest.substr(0, n));
      rest.remove_prefix(n);
    }
    if (words.empty()) return put("{}");
    for (std::size_t k = 0; k < words.size(); ++k) {
      std::string a;
      if (k == 0) a += '{';
      a += words[k];
      if (k + 1 == words.size()) a += '}';
      put(a);
    }
  }

  void line(const PgnLine& l, Position pos) {
    if (options_.comments)
      for (const std::string& c : l.comments) comment(c);
    bool need_number = true;
    for (const PgnNode& node : l.moves) {
      const int number = pos.fullmove_number();
      if (pos.side_to_move() == WHITE) {
        put(std::to_string(number) + ".");
      } else if (need_number) {
        put(std::to_string(number) + "...");
      }
      put(to_san(pos, node.move));
      need_number = false;
      if (options_.nags)
        for (int n : node.nags) put("$" + std::to_string(n));
      need_number = comments_of(node) || need_number;
      need_number = variations_of(node, pos) || need_number;
      pos.play(node.move);
    }
  }

  // The comments after a move, the last one with its [%clk] and [%emt]; whether any was written
  // (Black's next move then needs its number).
  bool comments_of(const PgnNode& node) {
    const bool clocks = options_.clocks && (node.clock || node.elapsed);
    bool written = false;
    std::string text;
    if (options_.comments) {
      for (std::size_t k = 0; k < node.comments.size(); ++k) {
        if (k + 1 < node.comments.size() || !clocks) {
          comment(node.comments[k]);
          written = true;
        } else {
          text = node.comments[k];
        }
      }
    }
    if (!clocks) return written;
    if (node.clock)
      text += std::string(text.empty() ? "" : " ") + "[%clk " + format_clock(*node.clock) + "]";
    if (node.elapsed)
      text += std::string(text.empty() ? "" : " ") + "[%emt " + format_clock(*node.elapsed) + "]";
    comment(text);
    return true;
  }

  // The variations to a move, each in parentheses; whether any was written.
  bool variations_of(const PgnNode& node, const Position& pos) {
    if (!options_.variations || node.variations.empty()) return false;
    for (const PgnLine& v : node.variations) {
      glue_prefix("(");
      line(v, pos);
      if (!prefix_.empty()) put("");  // an empty variation
      glue_suffix(')');
    }
    return true;
  }

  std::string finish() {
    flush();
    return std::move(out_);
  }

 private:
  void flush() {
    if (cur_.empty()) return;
    out_ += cur_;
    out_ += '\n';
    cur_.clear();
  }

  const PgnWriteOptions& options_;
  std::string out_;
  std::string cur_;
  std::string prefix_;
};

}  // namespace

std::string write_pgn(const PgnGame& game, const PgnWriteOptions& options) {
  static constexpr std::array<std::string_view, 7> kRoster = {"Event", "Site",  "Date",  "Round",
                                                              "White", "Black", "Result"};
  std::string out;
  auto tag_line = [&](std::string_view name, std::string_view value) {
    out += '[';
    out += name;
    out += " \"";
    out += escape_tag_value(value);
    out += "\"]\n";
  };
  for (std::string_view name : kRoster) {
    std::string value = name == "Result" ? game.result : game.tag(name);
    if (value.empty()) value = name == "Date" ? "????.??.??" : "?";
    tag_line(name, value);
  }
  std::vector<std::pair<std::string, std::string>> others;
  for (const auto& t : game.tags) {
    if (std::find(kRoster.begin(), kRoster.end(), t.first) != kRoster.end()) continue;
    if (t.first == "SetUp" || t.first == "FEN") continue;
    others.push_back(t);
  }
  if (!(game.start == Position())) {
    others.emplace_back("SetUp", "1");
    others.emplace_back("FEN", game.start.fen());
  }
  std::stable_sort(others.begin(), others.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [name, value] : others) tag_line(name, value);
  out += '\n';
  MovetextWriter w(options);
  w.line(game.moves, game.start);
  w.put(game.result);
  out += w.finish();
  out += '\n';
  return out;
}

PgnTermination pgn_termination(Termination termination) {
  switch (termination) {
    case Termination::None:
      return PgnTermination::Unterminated;
    case Termination::TimeForfeit:
    case Termination::TimeForfeitDraw:
    case Termination::BothFlagsFallen:  // Guidelines III.3.1.2: the game ends on the flags
      return PgnTermination::TimeForfeit;
    case Termination::IllegalMoves:  // Art. 7.5.5: ended for a breach of the Laws
      return PgnTermination::RulesInfraction;
    case Termination::ArbiterDecision:
    case Termination::ClaimReferred:  // Guidelines III.6.2: the arbiter decides the result
      return PgnTermination::Adjudication;
    case Termination::Checkmate:
    case Termination::Stalemate:
    case Termination::DeadPosition:
    case Termination::FivefoldRepetition:
    case Termination::SeventyFiveMoves:
    case Termination::ThreefoldRepetitionClaim:
    case Termination::FiftyMoveClaim:
    case Termination::Agreement:
    case Termination::Resignation:
      return PgnTermination::Normal;
  }
  return PgnTermination::Unterminated;
}

std::string_view pgn_termination_value(PgnTermination termination) {
  switch (termination) {
    case PgnTermination::Normal:
      return "normal";
    case PgnTermination::TimeForfeit:
      return "time forfeit";
    case PgnTermination::Adjudication:
      return "adjudication";
    case PgnTermination::RulesInfraction:
      return "rules infraction";
    case PgnTermination::Abandoned:
      return "abandoned";
    case PgnTermination::Unterminated:
      return "unterminated";
  }
  return "unterminated";
}

}  // namespace annabella::core
