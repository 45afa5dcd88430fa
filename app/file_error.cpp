#include "app/file_error.h"

#include <cerrno>
#include <system_error>

#include "app/i18n.h"

namespace annabella::app {

using i18n::format;
using i18n::tr;

FileFault file_fault(int error) {
  switch (error) {
    case ENOENT:
      return FileFault::Missing;
    case EISDIR:
      return FileFault::Folder;
    case ENOTDIR:
      return FileFault::NotAFolder;
    case EACCES:
    case EPERM:
      return FileFault::NoPermission;
    case ENOSPC:
    case EDQUOT:
      return FileFault::DiskFull;
    case EROFS:
      return FileFault::ReadOnly;
    case ENAMETOOLONG:
      return FileFault::NameTooLong;
    case EMFILE:
    case ENFILE:
      return FileFault::TooManyOpen;
    case EBUSY:
    case ETXTBSY:
      return FileFault::Busy;
    case EIO:
      return FileFault::InputOutput;
    case ENXIO:
    case ENODEV:
      return FileFault::NoDevice;
    default:
      return FileFault::Other;
  }
}

std::string system_reason(int error) {
  switch (file_fault(error)) {
    case FileFault::Missing:
      return tr("No such file or directory");
    case FileFault::Folder:
      return tr("Is a directory");
    case FileFault::NotAFolder:
      return tr("Not a directory (a part of the path is a file)");
    case FileFault::NoPermission:
      return tr("Permission denied");
    case FileFault::DiskFull:
      return tr("No space left on device");
    case FileFault::ReadOnly:
      return tr("Read-only file system");
    case FileFault::NameTooLong:
      return tr("File name too long");
    case FileFault::TooManyOpen:
      return tr("Too many open files");
    case FileFault::Busy:
      return tr("Device or resource busy");
    case FileFault::InputOutput:
      return tr("Input/output error (the disk or device failed)");
    case FileFault::NoDevice:
      return tr("No such device (unplugged?)");
    case FileFault::Other:
      break;
  }
  return format(
      tr("system error {number} ({text})"),
      {{"number", std::to_string(error)}, {"text", std::generic_category().message(error)}});
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
  if (ec) return system_reason(ec.value());
  return system_reason(error != 0 ? error : EACCES);
}

}  // namespace annabella::app
