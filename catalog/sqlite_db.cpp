#include "catalog/sqlite_db.h"

#include <sqlite3.h>

namespace infraplan::catalog {
namespace {
constexpr int kBusyTimeoutMs = 5000;  // wait this long for another writer before failing

bool isBusy(sqlite3* db) {
    const int code = db ? sqlite3_errcode(db) & 0xff : SQLITE_OK;
    return code == SQLITE_BUSY || code == SQLITE_LOCKED;
}

[[noreturn]] void fail(sqlite3* db, const std::string& what) {
    throw SqlError(what + ": " + (db ? sqlite3_errmsg(db) : "out of memory"), isBusy(db));
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
}

Database::~Database() {
    sqlite3_close(m_db);
}

void Database::exec(const std::string& sql) {
    char* error = nullptr;
    if (sqlite3_exec(m_db, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
        std::string message = error ? error : sqlite3_errmsg(m_db);
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
