// annabella notation: reads moves as players write them (Appendix C, any language of C.3) and
// prints each in SAN, UCI or long algebraic.
#include <optional>
#include <ostream>

#include "app/commands.h"
#include "app/fen_text.h"
#include "app/move_text.h"
#include "core/notation.h"

namespace annabella::app {
namespace {

constexpr const char* kPrefix = "annabella notation: ";

std::string codes_of(const std::vector<core::LanguageReading>& fits) {
  std::string codes;
  for (const auto& f : fits) codes += (codes.empty() ? "" : ", ") + f.letters.code;
  return codes;
}

// The first written move the fitting languages read differently: its number and readings, each
// with the first language that reads it so. Nothing when they all read every move alike.
struct Divergence {
  std::size_t index = 0;
  core::Position before;
  std::vector<core::MoveReading> readings;
};
std::optional<Divergence> first_divergence(const core::Position& start,
                                           const std::vector<core::LanguageReading>& fits) {
  Divergence d;
  d.before = start;
  for (std::size_t i = 0; i < fits.front().moves.size(); ++i) {
    for (const auto& f : fits) {
      const core::Move m = f.moves[i];
      bool known = false;
      for (const auto& r : d.readings) known = known || r.move == m;
      if (!known) d.readings.push_back({m, f.letters.code});
    }
    if (d.readings.size() > 1) {
      d.index = i;
      return d;
    }
    d.readings.clear();
    d.before.play(fits.front().moves[i]);
  }
  return std::nullopt;
}

// --lang auto: the built-in languages in which every move reads as a legal move. Readings that
// differ are never chosen between silently (D.2.1, Art. 8): that is exit 1, naming each. Returns
// -1 with `letters` set when the language is decided, else the exit code.
int choose_language(const NotationOptions& options, const core::Position& start,
                    core::PieceLetters& letters, std::ostream& err) {
  const auto fits = core::legal_language_readings(start, options.moves);
  if (fits.empty()) {
    // No language reads every move legally: the letters alone may still name one, whose
    // first illegal move is then reported with its reason.
    core::LanguageDetection detection;
    auto detected = core::detect_language(options.moves, &detection);
    const std::string why = text::language_detection(detection);
    if (!detected) {
      err << kPrefix << "--lang auto: no built-in language reads every written move as a legal "
          << "move here (" << why << ")\n";
      return 2;
    }
    letters = *detected;
    err << kPrefix << "--lang auto: " << why << '\n';
    return -1;
  }
  if (auto d = first_divergence(start, fits)) {
    err << kPrefix << "--lang auto: move " << d->index + 1 << ": "
        << text::move_readings(d->before, options.moves[d->index], d->readings)
        << " (every move is legal in: " << codes_of(fits)
        << "); a move is not guessed (D.2.1): give --lang\n";
    return 1;
  }
  letters = fits.front().letters;
  if (fits.size() == 1)
    err << kPrefix << "--lang auto: only " << letters.name << " (" << letters.code
        << ") reads every written move as a legal move\n";
  else
    err << kPrefix << "--lang auto: " << codes_of(fits)
        << " read every written move as the same legal move\n";
  return -1;
}

}  // namespace

int run_notation(const NotationOptions& options, std::ostream& out, std::ostream& err) {
  auto pos = core::Position::from_fen(options.fen.empty() ? core::kStartFen : options.fen);
  if (!pos) {
    err << kPrefix << "--fen: " << text::fen_error(pos.error()) << '\n';
    return 2;
  }
  core::PieceLetters in_letters = core::english_letters();
  if (options.lang == "auto") {
    if (const int code = choose_language(options, *pos, in_letters, err); code >= 0) return code;
  } else {
    auto letters = core::piece_letters_for(options.lang);
    if (!letters) {
      err << kPrefix << "--lang: " << text::letters_error(letters.error()) << '\n';
      return 2;
    }
    in_letters = *letters;
  }
  auto out_letters = core::piece_letters_for(options.out_lang);
  if (!out_letters) {
    err << kPrefix << "--out-lang: " << text::letters_error(out_letters.error()) << '\n';
    return 2;
  }
  core::Position position = *pos;
  int index = 0;
  for (const std::string& text : options.moves) {
    ++index;
    auto move = core::read_move(position, text, in_letters, core::Strictness::Lenient);
    if (!move) {
      err << kPrefix << "move " << index << " of " << options.moves.size() << ": "
          << text::move_read_error(move.error()) << '\n';
      return 1;
    }
    if (options.to == "uci")
      out << core::to_uci(*move) << '\n';
    else if (options.to == "lan")
      out << core::to_lan(position, *move, *out_letters) << '\n';
    else
      out << core::to_san(position, *move, *out_letters) << '\n';
    position.play(*move);
  }
  return 0;
}

}  // namespace annabella::app
