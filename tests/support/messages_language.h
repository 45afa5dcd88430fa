// Switches the language of the messages (app/i18n.h) inside one test process, for the tests that
// check a wording in English, German and Macedonian (po/de.po, po/mk.po). App tests only: it
// needs annabella_app.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <string_view>

#include "app/i18n.h"

// glibc's gettext keeps what it looked up; a process that changes its language (these tests,
// never the program) says so by counting this up (the GNU gettext manual, "Being a gettext grok").
extern "C" int _nl_msg_cat_cntr;  // NOLINT(bugprone-reserved-identifier)

namespace annabella::testing {

// The messages' language for this process: "en" for the messages themselves.
inline void use_language(const char* code) {
  ++_nl_msg_cat_cntr;
  if (std::string_view(code) == "en") {
    ::setenv("LANGUAGE", "en", 1);  // no English catalog: the messages as written
    return;
  }
  const app::i18n::Choice choice = app::i18n::start(code);
  ASSERT_TRUE(choice.note.empty()) << choice.note;
}

}  // namespace annabella::testing
