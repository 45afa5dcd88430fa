// annabella notation: reads moves as players write them (Appendix C, any language of C.3) and
// prints each in SAN, UCI or long algebraic.
#include <ostream>

#include "app/commands.h"
#include "core/notation.h"

namespace annabella::app {

int run_notation(const NotationOptions& options, std::ostream& out, std::ostream& err) {
  auto pos = core::Position::from_fen(options.fen.empty() ? core::kStartFen : options.fen);
  if (!pos) {
    err << "annabella notation: --fen: " << pos.error().message << '\n';
    return 2;
  }
  core::PieceLetters in_letters = core::english_letters();
  if (options.lang == "auto") {
    std::string why;
    auto detected = core::detect_language(options.moves, &why);
    if (!detected) {
      err << "annabella notation: --lang auto: " << why << '\n';
      return 2;
    }
    in_letters = *detected;
    err << "annabella notation: --lang auto: " << why << '\n';  // says what decided it
  } else {
    auto letters = core::piece_letters_for(options.lang);
    if (!letters) {
      err << "annabella notation: --lang: " << letters.error().message << '\n';
      return 2;
    }
    in_letters = *letters;
  }
  auto out_letters = core::piece_letters_for(options.out_lang);
  if (!out_letters) {
    err << "annabella notation: --out-lang: " << out_letters.error().message << '\n';
    return 2;
  }
  core::Position position = *pos;
  int index = 0;
  for (const std::string& text : options.moves) {
    ++index;
    auto move = core::read_move(position, text, in_letters, core::Strictness::Lenient);
    if (!move) {
      err << "annabella notation: move " << index << " of " << options.moves.size() << ": "
          << move.error().message << '\n';
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
