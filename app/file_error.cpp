#include "app/file_error.h"

#include <cstring>
#include <system_error>

#include "app/i18n.h"

namespace annabella::app {

using i18n::format;
using i18n::tr;

std::string system_reason(int error) {
  return std::generic_category().message(error);
}

std::string cannot_read(std::string_view option, const std::filesystem::path& file,
                        std::string_view reason) {
  const i18n::Places places{
      {"option", std::string(option)}, {"file", file.string()}, {"reason", std::string(reason)}};
  if (option.empty()) return format(tr("cannot read \"{file}\": {reason}"), places);
  return format(tr("{option}: cannot read \"{file}\": {reason}"), places);
}

std::string cannot_write(std::string_view option, const std::filesystem::path& file,
                         std::string_view reason) {
  const i18n::Places places{
      {"option", std::string(option)}, {"file", file.string()}, {"reason", std::string(reason)}};
  if (option.empty()) return format(tr("cannot write \"{file}\": {reason}"), places);
  return format(tr("{option}: cannot write \"{file}\": {reason}"), places);
}

std::string read_fault(const std::filesystem::path& file, int error) {
  std::error_code ec;
  const auto status = std::filesystem::status(file, ec);
  if (status.type() == std::filesystem::file_type::not_found) return system_reason(ENOENT);
  if (status.type() == std::filesystem::file_type::directory) return system_reason(EISDIR);
  if (ec) return ec.message();
  return system_reason(error != 0 ? error : EACCES);
}

}  // namespace annabella::app
