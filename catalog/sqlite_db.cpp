#include "catalog/sqlite_db.h"

#include <sqlite3.h>

#include <chrono>
#include <mutex>

namespace infraplan::catalog {
namespace {
constexpr int kBusyTimeoutMs = 5000;   // wait this long for another writer before failing
constexpr int kProgressSteps = 10000;  // virtual machine steps between two deadline checks

long long nowNs() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

int pastDeadline(void* deadline_ns) {
    return nowNs() > *static_cast<const long long*>(deadline_ns) ? 1 : 0;
}

// The reason a failure gives, in words a user can act on.
std::string reasonOf(sqlite3* db) {
    if (!db) return "out of memory";
    switch (sqlite3_errcode(db) & 0xff) {
        case SQLITE_INTERRUPT:
            return "reading it took longer than " + std::to_string(kSqliteTimeBudgetSeconds) +
                   " s (a catalog reads in well under a second)";
        case SQLITE_TOOBIG:
            return "it holds a value larger than " + std::to_string(kMaxSqlValueBytes >> 20) +
                   " MB";
        case SQLITE_NOMEM:
            return "reading it needs more than " + std::to_string(kSqliteHeapLimitBytes >> 20) +
                   " MB of memory";
        default:
            return sqlite3_errmsg(db);
    }
}

bool isBusy(sqlite3* db) {
    const int code = db ? sqlite3_errcode(db) & 0xff : SQLITE_OK;
    return code == SQLITE_BUSY || code == SQLITE_LOCKED;
}

[[noreturn]] void fail(sqlite3* db, const std::string& what) {
    throw SqlError(what + ": " + reasonOf(db), isBusy(db));
}
}  // namespace

Statement::Statement(sqlite3* db, const std::string& sql) : m_db(db) {
    if (sqlite3_prepare_v2(db, sql.c_str(), static_cast<int>(sql.size()), &m_stmt, nullptr) !=
        SQLITE_OK)
        fail(db, "cannot prepare statement");
}

Statement::~Statement() {
    sqlite3_finalize(m_stmt);
}

void Statement::bind(int index, double value) {
    if (sqlite3_bind_double(m_stmt, index, value) != SQLITE_OK) fail(m_db, "cannot bind");
}
void Statement::bind(int index, long long value) {
    if (sqlite3_bind_int64(m_stmt, index, value) != SQLITE_OK) fail(m_db, "cannot bind");
}
void Statement::bind(int index, const std::string& value) {
    if (sqlite3_bind_text(m_stmt, index, value.data(), static_cast<int>(value.size()),
                          SQLITE_TRANSIENT) != SQLITE_OK)
        fail(m_db, "cannot bind");
}
void Statement::bindNull(int index) {
    if (sqlite3_bind_null(m_stmt, index) != SQLITE_OK) fail(m_db, "cannot bind");
}

bool Statement::step() {
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    fail(m_db, "statement failed");
}

void Statement::reset() {
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
}

int Statement::columnCount() const {
    return sqlite3_column_count(m_stmt);
}
std::string Statement::columnName(int column) const {
    const char* name = sqlite3_column_name(m_stmt, column);
    return name ? name : "";
}
bool Statement::isNull(int column) const {
    return sqlite3_column_type(m_stmt, column) == SQLITE_NULL;
}
bool Statement::isInteger(int column) const {
    return sqlite3_column_type(m_stmt, column) == SQLITE_INTEGER;
}
bool Statement::isReal(int column) const {
    return sqlite3_column_type(m_stmt, column) == SQLITE_FLOAT;
}
double Statement::columnDouble(int column) const {
    return sqlite3_column_double(m_stmt, column);
}
long long Statement::columnInt(int column) const {
    return sqlite3_column_int64(m_stmt, column);
}
std::string Statement::columnText(int column) const {
    const auto* text = sqlite3_column_text(m_stmt, column);
    if (!text) return "";
    return std::string(reinterpret_cast<const char*>(text),
                       static_cast<std::size_t>(sqlite3_column_bytes(m_stmt, column)));
}

Database::Database(const std::string& path, Mode mode) {
    const int flags =
        mode == Mode::read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    if (sqlite3_open_v2(path.c_str(), &m_db, flags, nullptr) != SQLITE_OK) {
        std::string message = m_db ? sqlite3_errmsg(m_db) : "out of memory";
        sqlite3_close(m_db);
        m_db = nullptr;
        throw SqlError("cannot open " + path + ": " + message);
    }
    sqlite3_busy_timeout(m_db, kBusyTimeoutMs);
    sqlite3_extended_result_codes(m_db, 1);
    try {
        harden();
    } catch (...) {
        sqlite3_close(m_db);
        throw;
    }
}

void Database::harden() {
    static std::once_flag heap_limit;
    std::call_once(heap_limit, [] { sqlite3_hard_heap_limit64(kSqliteHeapLimitBytes); });
    for (const auto& [option, value] :
         {std::pair{SQLITE_DBCONFIG_DEFENSIVE, 1}, std::pair{SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0},
          std::pair{SQLITE_DBCONFIG_ENABLE_VIEW, 0}, std::pair{SQLITE_DBCONFIG_ENABLE_TRIGGER, 0},
          std::pair{SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0}})
        sqlite3_db_config(m_db, option, value, nullptr);
    sqlite3_limit(m_db, SQLITE_LIMIT_LENGTH, kMaxSqlValueBytes);
    sqlite3_limit(m_db, SQLITE_LIMIT_ATTACHED, 0);
    restartTimeBudget();
    sqlite3_progress_handler(m_db, kProgressSteps, pastDeadline, &m_deadline_ns);
    exec("PRAGMA temp_store = MEMORY");
}

void Database::restartTimeBudget() {
    m_deadline_ns = nowNs() + kSqliteTimeBudgetSeconds * 1'000'000'000LL;
}

Database::~Database() {
    sqlite3_close(m_db);
}

void Database::exec(const std::string& sql) {
    char* error = nullptr;
    if (sqlite3_exec(m_db, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
        std::string message =
            error && (sqlite3_errcode(m_db) & 0xff) != SQLITE_INTERRUPT ? error : reasonOf(m_db);
        sqlite3_free(error);
        throw SqlError(message, isBusy(m_db));
    }
}

int Database::userVersion() {
    Statement st(m_db, "PRAGMA user_version");
    return st.step() ? static_cast<int>(st.columnInt(0)) : 0;
}

void Database::setUserVersion(int version) {
    // PRAGMA takes no parameters; the value is an integer we produced, never user text.
    exec("PRAGMA user_version = " + std::to_string(version));
}

std::vector<std::string> Database::columns(const std::string& table) {
    Statement st(m_db, "SELECT name FROM pragma_table_info(?1)");
    st.bind(1, table);
    std::vector<std::string> names;
    while (st.step())
        names.push_back(st.columnText(0));
    return names;
}

Transaction::Transaction(Database& db) : m_db(db) {
    m_db.exec("BEGIN IMMEDIATE");
    m_db.restartTimeBudget();
}

Transaction::~Transaction() {
    if (m_done) return;
    try {
        m_db.exec("ROLLBACK");
    } catch (const SqlError&) {  // nothing left to undo; never throw from a destructor
    }
}

void Transaction::commit() {
    m_db.exec("COMMIT");
    m_done = true;
}

}  // namespace infraplan::catalog
