#include "app/cli/checked_stdout.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>

#include "app/cli/design_loading.h"

namespace infraplan::cli {

CheckedStdout::CheckedStdout() {
    setp(m_buffer.data(), m_buffer.data() + m_buffer.size());
    m_previous = std::cout.rdbuf(this);
}

CheckedStdout::~CheckedStdout() {
    writePending();
    std::cout.rdbuf(m_previous);
}

CheckedStdout::int_type CheckedStdout::overflow(int_type c) {
    if (!writePending()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
        *pptr() = traits_type::to_char_type(c);
        pbump(1);
    }
    return traits_type::not_eof(c);
}

int CheckedStdout::sync() {
    return writePending() ? 0 : -1;
}

bool CheckedStdout::writePending() {
    const char* data = pbase();
    std::size_t left = static_cast<std::size_t>(pptr() - pbase());
    bool ok = m_error == 0;
    while (ok && left > 0) {
        const ssize_t n = ::write(STDOUT_FILENO, data, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            m_error = n < 0 ? errno : EIO;
            ok = false;
            break;
        }
        data += n;
        left -= static_cast<std::size_t>(n);
    }
    setp(m_buffer.data(), m_buffer.data() + m_buffer.size());  // what failed is dropped
    return ok;
}

int CheckedStdout::finish(int exit_code) {
    std::cout.flush();
    writePending();
    if (m_error == 0) return exit_code;
    std::cerr << "infraplan-cli: cannot write the output: " << std::strerror(m_error) << "\n";
    return kExitInvalid;
}

}  // namespace infraplan::cli
