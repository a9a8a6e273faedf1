#include "catalog/file_io.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>

namespace infraplan {
namespace {

std::string reason(int error_number) {
    return std::strerror(error_number);
}

// "<path>.tmp-<pid>-<counter>-<clock>": unique per process and call; O_EXCL settles the rest.
std::string tempName(const std::string& path, int attempt) {
    static std::atomic<unsigned> counter{0};
    const auto tick = std::chrono::steady_clock::now().time_since_epoch().count();
    return path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + "-" +
           std::to_string((tick + attempt) % 1000000);
}

// Opens a new temporary file for writing; -1 with `error` set when it cannot.
int openTemp(const std::string& path, std::string* temp, std::string* error) {
    for (int attempt = 0; attempt < 100; ++attempt) {
        *temp = tempName(path, attempt);
        const int fd = ::open(temp->c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0) return fd;
        if (errno != EEXIST) {
            if (error) *error = "cannot write " + path + ": " + reason(errno);
            return -1;
        }
    }
    if (error) *error = "cannot write " + path + ": no free temporary file name beside it";
    return -1;
}

bool writeAll(int fd, std::string_view bytes) {
    while (!bytes.empty()) {
        const ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

}  // namespace

bool writeFileAtomically(const std::string& path, std::string_view bytes, std::string* error) {
    std::string temp;
    const int fd = openTemp(path, &temp, error);
    if (fd < 0) return false;
    const bool written = writeAll(fd, bytes) && ::fsync(fd) == 0;
    const int write_errno = errno;
    const bool closed = ::close(fd) == 0;
    if (!written || !closed) {
        if (error) *error = "cannot write " + path + ": " + reason(written ? errno : write_errno);
        ::unlink(temp.c_str());
        return false;
    }
    return replaceFile(temp, path, error);
}

std::optional<std::string> createTempFileBeside(const std::string& path, std::string* error) {
    std::string temp;
    const int fd = openTemp(path, &temp, error);
    if (fd < 0) return std::nullopt;
    ::close(fd);
    return temp;
}

bool replaceFile(const std::string& temp, const std::string& path, std::string* error) {
    if (::rename(temp.c_str(), path.c_str()) == 0) return true;
    if (error) *error = "cannot replace " + path + ": " + reason(errno);
    ::unlink(temp.c_str());
    return false;
}

bool sameFile(const std::string& a, const std::string& b) {
    std::error_code ec;
    return std::filesystem::equivalent(a, b, ec) && !ec;
}

}  // namespace infraplan
