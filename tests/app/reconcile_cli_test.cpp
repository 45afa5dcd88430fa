// `annabella reconcile` as docs/arbiters-guide.md documents it: text, JSON and errors.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <memory>
#include <variant>

#include "support/temp_dir.h"

namespace annabella::app {
namespace {

using annabella::testing::read_file;
using annabella::testing::run_command;
using annabella::testing::TempDir;

// A small strict JSON reader, enough to check the structure of the output (a real parse, not a
// text search: any syntax fault fails the test).
struct Json {
  std::variant<std::nullptr_t, bool, double, std::string, std::vector<Json>,
               std::map<std::string, Json>>
      v;
  const Json& operator[](const std::string& key) const {
    return std::get<std::map<std::string, Json>>(v).at(key);
  }
  const Json& operator[](std::size_t i) const { return std::get<std::vector<Json>>(v).at(i); }
  std::size_t size() const {
    if (auto* a = std::get_if<std::vector<Json>>(&v)) return a->size();
    return std::get<std::map<std::string, Json>>(v).size();
  }
  const std::string& str() const { return std::get<std::string>(v); }
  double num() const { return std::get<double>(v); }
  bool boolean() const { return std::get<bool>(v); }
  bool is_null() const { return std::holds_alternative<std::nullptr_t>(v); }
};

class JsonReader {
 public:
  explicit JsonReader(std::string_view text) : t_(text) {}
  std::optional<Json> read() {
    auto j = value();
    blanks();
    if (!j || i_ != t_.size()) return std::nullopt;
    return j;
  }

 private:
  void blanks() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\n' || t_[i_] == '\r' || t_[i_] == '\t'))
      ++i_;
  }
  bool eat(std::string_view word) {
    if (t_.substr(i_, word.size()) != word) return false;
    i_ += word.size();
    return true;
  }
  std::optional<std::string> string() {
    if (!eat("\"")) return std::nullopt;
    std::string s;
    while (i_ < t_.size() && t_[i_] != '"') {
      const auto c = static_cast<unsigned char>(t_[i_]);
      if (c < 0x20) return std::nullopt;
      if (t_[i_] == '\\') {
        ++i_;
        if (i_ >= t_.size()) return std::nullopt;
        const char e = t_[i_];
        if (e == 'u') {
          if (i_ + 4 >= t_.size()) return std::nullopt;
          s += '?';
          i_ += 4;
        } else if (std::string_view("\"\\/bfnrt").find(e) != std::string_view::npos) {
          s += e == 'n' ? '\n' : e == 't' ? '\t' : e;
        } else {
          return std::nullopt;
        }
        ++i_;
      } else {
        s += t_[i_++];
      }
    }
    if (!eat("\"")) return std::nullopt;
    return s;
  }
  std::optional<Json> value() {
    blanks();
    if (i_ >= t_.size()) return std::nullopt;
    const char c = t_[i_];
    if (c == '{') {
      ++i_;
      std::map<std::string, Json> m;
      blanks();
      if (eat("}")) return Json{m};
      for (;;) {
        blanks();
        auto key = string();
        blanks();
        if (!key || !eat(":")) return std::nullopt;
        auto val = value();
        if (!val || m.count(*key)) return std::nullopt;
        m.emplace(*key, *val);
        blanks();
        if (eat("}")) return Json{m};
        if (!eat(",")) return std::nullopt;
      }
    }
    if (c == '[') {
      ++i_;
      std::vector<Json> a;
      blanks();
      if (eat("]")) return Json{a};
      for (;;) {
        auto val = value();
        if (!val) return std::nullopt;
        a.push_back(*val);
        blanks();
        if (eat("]")) return Json{a};
        if (!eat(",")) return std::nullopt;
      }
    }
    if (c == '"') {
      auto s = string();
      if (!s) return std::nullopt;
      return Json{*s};
    }
    if (eat("true")) return Json{true};
    if (eat("false")) return Json{false};
    if (eat("null")) return Json{nullptr};
    std::size_t n = i_;
    if (n < t_.size() && t_[n] == '-') ++n;
    while (n < t_.size() && std::isdigit(static_cast<unsigned char>(t_[n]))) ++n;
    if (n == i_) return std::nullopt;
    const double d = std::stod(std::string(t_.substr(i_, n - i_)));
    i_ = n;
    return Json{d};
  }
  std::string_view t_;
  std::size_t i_ = 0;
};

void write(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// Morphy's Opera game to 8. Nc3: sheet A in English, sheet B in German without 5. Qxf3.
struct Files {
  TempDir dir;
  Files() {
    write(dir / "a.txt",
          "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3\n");
    write(dir / "b.txt",
          "1. e4 e5\n2. Sf3 d6\n3. d4 Lg4\n4. dxe5 Lxf3\n5. dxe5 Lc4\n6. Sf6 Db3\n7. De7 Sc3\n");
    write(dir / "agree.txt",
          "e4\ne5\nSf3\nd6\nd4\nLg4\ndxe5\nLxf3\nDxf3\ndxe5\nLc4\nSf6\nDb3\n"
          "De7\nSc3\n");
    write(dir / "clock.txt", "# ply white_ms black_ms\n0 5400000 5400000\n8 5200000 5100000\n");
  }
  std::string path(const char* name) const { return "'" + (dir / name).string() + "'"; }
};

constexpr const char* kRight = "rn2kb1r/ppp1qppp/5n2/4p3/2B1P3/1QN5/PPP2PPP/R1B1K2R";
constexpr const char* kNd2 = "'rn2kb1r/ppp1qppp/5n2/4p3/2B1P3/1Q6/PPPN1PPP/R1B1K2R b KQkq - 3 8'";

std::string command(const Files& f, const std::string& sheet_b, const std::string& extra) {
  return std::string(ANNABELLA_BINARY) + " reconcile --board-a " + kRight + " --board-b " + kNd2 +
         " --sheet-a " + f.path("a.txt") + " --sheet-b " + f.path(sheet_b.c_str()) + " " + extra;
}

TEST(ReconcileCommand, AgreeingSheetsInTwoLanguagesNameTheBoardToCorrect) {
  Files f;
  std::string out;
  ASSERT_EQ(run_command(command(f, "agree.txt", "--lang-b de"), out, true), 0) << out;
  EXPECT_NE(out.find("Sheet B: 15 written moves, read as Deutsch (given: Deutsch (de))."),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("The two scoresheets agree (15 plies, after White's move 8, Nc3)."),
            std::string::npos);
  EXPECT_NE(out.find("Board A (player A, White): already right, nothing to change."),
            std::string::npos);
  EXPECT_NE(out.find("Board B (player B, Black): 1 step.\n  Step 1: move white knight d2 c3."),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("It was the opponent's move, executed wrongly on board B (D.2.1)"),
            std::string::npos);
}

TEST(ReconcileCommand, BoardAsAPieceListInTheSheetsLanguage) {
  Files f;
  std::string out;
  const std::string board_b =
      "'Weiß: Ke1 Db3 Ta1 Th1 Lc1 Lc4 Sd2 a2 b2 c2 e4 f2 g2 h2; "
      "Schwarz: Ke8 De7 Ta8 Th8 Lf8 Sb8 Sf6 a7 b7 c7 e5 f7 g7 h7'";
  ASSERT_EQ(run_command(std::string(ANNABELLA_BINARY) + " reconcile --board-a " + kRight +
                            " --board-b " + board_b + " --lang-b de --sheet-a " + f.path("a.txt") +
                            " --sheet-b " + f.path("agree.txt"),
                        out, true),
            0)
      << out;
  EXPECT_NE(out.find("Board B (player B, Black): 1 step.\n  Step 1: move white knight d2 c3."),
            std::string::npos)
      << out;
}

TEST(ReconcileCommand, JsonHasEveryFinding) {
  Files f;
  std::string out;
  ASSERT_EQ(run_command(command(f, "b.txt", "--clock-log " + f.path("clock.txt") + " --json"), out),
            0)
      << out;
  const auto json = JsonReader(out).read();
  ASSERT_TRUE(json) << out;
  const Json& j = *json;
  EXPECT_EQ(j["rule"].str(), "D.2.9");
  EXPECT_FALSE(j["sheets_agree"].boolean());
  EXPECT_EQ(j["agreed_plies"].num(), 8);
  EXPECT_EQ(j["divergence"]["kind"].str(), "move_left_out");
  EXPECT_EQ(j["divergence"]["sheet"].str(), "B");
  EXPECT_EQ(j["divergence"]["ply"].num(), 8);
  // The alignment: sheet A's 5. Qxf3 against a gap in sheet B, then both agree again.
  const Json& d = j["divergence"];
  EXPECT_EQ(d["reference"].str(), "A");
  ASSERT_EQ(d["findings"].size(), 1u);
  EXPECT_EQ(d["findings"][0]["kind"].str(), "move_left_out");
  EXPECT_EQ(d["findings"][0]["sheet"].str(), "B");
  EXPECT_EQ(d["findings"][0]["name"].str(), "White's move 5");
  EXPECT_EQ(d["findings"][0]["count"].num(), 1);
  EXPECT_EQ(d["findings"][0]["agree_again"]["A"].num(), 9);
  EXPECT_EQ(d["findings"][0]["agree_again"]["B"].num(), 8);
  EXPECT_EQ(d["agree_again"]["A"].num(), 9);
  ASSERT_EQ(d["alignment"].size(), 7u);
  EXPECT_EQ(d["alignment"][0]["A"].num(), 8);
  EXPECT_TRUE(d["alignment"][0]["B"].is_null());
  EXPECT_EQ(d["alignment"][0]["status"].str(), "one_sheet_only");
  EXPECT_EQ(d["alignment"][0]["finding"].num(), 0);
  EXPECT_EQ(d["alignment"][1]["status"].str(), "agree");
  EXPECT_EQ(d["alignment"][1]["B"].num(), 8);
  EXPECT_TRUE(d["alignment"][1]["finding"].is_null());
  EXPECT_EQ(j["target"]["fen"].str(),
            "rn1qkbnr/ppp2ppp/3p4/4P3/4P3/5b2/PPP2PPP/RNBQKB1R w KQkq - 0 5");
  EXPECT_EQ(j["sheets"][1]["language"].str(), "de");
  EXPECT_EQ(j["sheets"][1]["plies"][2]["written"].str(), "Sf3");
  EXPECT_EQ(j["sheets"][1]["plies"][2]["san"].str(), "Nf3");
  EXPECT_TRUE(j["sheets"][1]["plies"][9]["san"].is_null());
  EXPECT_EQ(j["retraced"]["A"].size(), 7u);
  EXPECT_EQ(j["retraced"]["B"].size(), 6u);
  const Json& steps = j["boards"][1]["steps"];
  ASSERT_EQ(steps.size(), 8u);
  EXPECT_EQ(steps[0]["kind"].str(), "move");
  EXPECT_EQ(steps[0]["piece"].str(), "knight");
  EXPECT_EQ(steps[0]["color"].str(), "white");
  EXPECT_EQ(steps[0]["from"].str(), "d2");
  EXPECT_EQ(steps[0]["to"].str(), "b1");
  EXPECT_EQ(steps[7]["kind"].str(), "place");
  EXPECT_TRUE(steps[7]["from"].is_null());
  EXPECT_EQ(steps[7]["to"].str(), "f3");
  EXPECT_EQ(j["boards"][0]["fen"].str().substr(0, 8), "rn2kb1r/");
  EXPECT_EQ(j["standings"].size(), 4u);
  EXPECT_EQ(j["standings"][0]["matches_after"].num(), 15);
  EXPECT_TRUE(j["clock"]["readjust"].boolean());
  EXPECT_EQ(j["clock"]["white_ms"].num(), 5200000);
  EXPECT_EQ(j["clock"]["black_ms"].num(), 5100000);
  EXPECT_NE(j["text"].str().find("D.2.9"), std::string::npos);
}

TEST(ReconcileCommand, WithoutAClockLogTheArbiterDecides) {
  Files f;
  std::string out;
  ASSERT_EQ(run_command(command(f, "b.txt", ""), out), 0);
  EXPECT_NE(out.find("No clock log: the arbiter decides the times (D.2.9)."), std::string::npos)
      << out;
  // The sheets agree again after the left-out move; the retrace point stays (D.2.9).
  EXPECT_NE(out.find("Sheet B agrees with sheet A again from Black's move 5 on (in sheet B's cell "
                     "for White's move 5) once the differences above are put right. That is for "
                     "your information: D.2.9 retraces the moves to the last point where both "
                     "sheets agree, after Black's move 4, Bxf3"),
            std::string::npos)
      << out;
}

TEST(ReconcileCommand, BoardLogNamesTheWrongMove) {
  Files f;
  write(f.dir / "log-b.txt", "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nd2\n");
  std::string out;
  ASSERT_EQ(run_command(command(f, "agree.txt", "--log-b " + f.path("log-b.txt")), out, true), 0)
      << out;
  EXPECT_NE(out.find("Board B went wrong at White's move 8: Nd2 was made where the sheets have "
                     "Nc3 (board log)."),
            std::string::npos)
      << out;
}

TEST(ReconcileCommand, PgnSheetsAreRead) {
  Files f;
  write(f.dir / "a.pgn",
        "[Event \"Paris\"]\n[White \"Morphy\"]\n\n1. e4 e5 2. Nf3 d6 {Philidor} 3. d4 Bg4 "
        "4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 (7... Qd7) 8. Nc3 *\n");
  std::string out;
  ASSERT_EQ(
      run_command(std::string(ANNABELLA_BINARY) + " reconcile --board-a " + kRight + " --board-b " +
                      kNd2 + " --sheet-a " + f.path("a.pgn") + " --sheet-b " + f.path("agree.txt"),
                  out, true),
      0)
      << out;
  EXPECT_NE(out.find("The two scoresheets agree (15 plies"), std::string::npos) << out;
}

TEST(ReconcileCommand, StepsInTheVocabularyProfilesWords) {
  Files f;
  std::string out;
  ASSERT_EQ(run_command(command(f, "agree.txt", "--profile fide"), out, true), 0) << out;
  EXPECT_NE(out.find("Spoken steps (profile fide)\nBoard B:\n  Step 1: Springer von David zwei "
                     "nach Cesar drei\n"),
            std::string::npos)
      << out;
  ASSERT_EQ(run_command(command(f, "agree.txt", "--profile fide --json"), out), 0);
  const auto json = JsonReader(out).read();
  ASSERT_TRUE(json) << out;
  EXPECT_EQ((*json)["boards"][1]["steps"][0]["spoken"].str(),
            "Springer von David zwei nach Cesar drei");
  EXPECT_EQ((*json)["spoken_profile"].str(), "fide");
  EXPECT_EQ(run_command(command(f, "agree.txt", "--profile nosuch"), out, true), 2);
  EXPECT_NE(out.find("--profile:"), std::string::npos) << out;
}

TEST(ReconcileCommand, InputFaultsAreNamed) {
  Files f;
  std::string out;
  EXPECT_EQ(
      run_command(std::string(ANNABELLA_BINARY) + " reconcile --board-a 8/8/8 --board-b " + kNd2 +
                      " --sheet-a " + f.path("a.txt") + " --sheet-b " + f.path("b.txt"),
                  out, true),
      2);
  EXPECT_NE(out.find("annabella reconcile: --board-a:"), std::string::npos) << out;
  EXPECT_EQ(run_command(command(f, "missing.txt", ""), out, true), 2);
  EXPECT_NE(out.find("sheet b \""), std::string::npos) << out;
  EXPECT_NE(out.find("cannot be read"), std::string::npos) << out;
  EXPECT_EQ(run_command(command(f, "b.txt", "--lang-b xx"), out, true), 2);
  EXPECT_NE(out.find("unknown language"), std::string::npos) << out;
  write(f.dir / "bad-clock.txt", "0 1 1\n5 x 1\n");
  EXPECT_EQ(run_command(command(f, "b.txt", "--clock-log " + f.path("bad-clock.txt")), out, true),
            2);
  EXPECT_NE(out.find("clock log line 2"), std::string::npos) << out;
  EXPECT_EQ(run_command(command(f, "b.txt", "--a-plays red"), out, true), 2);
}

TEST(ReconcileCommand, HtmlReportIsWrittenAlongsideTheText) {
  Files f;
  std::string out;
  const auto html = f.dir / "report.html";
  ASSERT_EQ(run_command(command(f, "b.txt", "--html '" + html.string() + "'"), out, true), 0)
      << out;
  const std::string page = read_file(html);
  EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(page.find("id=\"divergence\""), std::string::npos);
  // Offline: nothing is fetched from anywhere.
  EXPECT_EQ(page.find("http://www.w3.org/2000/svg"), page.find("http"));
  EXPECT_EQ(page.find("https:"), std::string::npos);
  EXPECT_EQ(page.find("<script"), std::string::npos);
}

}  // namespace
}  // namespace annabella::app
