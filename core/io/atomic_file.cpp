#include "core/io/atomic_file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

namespace infraplan {
namespace {

bool fail(std::string* error, const std::string& path, int code) {
    if (error)
        *error = "cannot write " + path + ": " + (code ? std::strerror(code) : "write failed");
    return false;
}

// A new, empty, uniquely named file beside `path`; empty string (errno set) when none.
std::string makeTemporaryBeside(const std::string& path) {
    std::string pattern = path + ".XXXXXX";
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    const int fd = ::mkstemp(name.data());
    if (fd < 0) return {};
    // mkstemp makes the file private (0600); a written file gets the usual permissions.
    ::fchmod(fd, 0644);
    ::close(fd);
    return name.data();
}

}  // namespace

bool writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write,
                         std::string* error) {
    const std::string temp = makeTemporaryBeside(path);
    if (temp.empty()) return fail(error, path, errno);
    errno = 0;
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (out) write(out);
    out.close();
    int code = out ? 0 : (errno ? errno : EIO);
    if (code == 0 && std::rename(temp.c_str(), path.c_str()) != 0) code = errno;
    if (code != 0) {
        std::remove(temp.c_str());
        return fail(error, path, code);
    }
    return true;
}

bool writeFileAtomically(const std::string& path, std::string_view bytes, std::string* error) {
    return writeFileAtomically(
        path, [bytes](std::ostream& out) { out.write(bytes.data(), std::ssize(bytes)); }, error);
}

}  // namespace infraplan
