#pragma once
// A thin RAII layer over the SQLite C API. Values always travel as bound parameters; the only
// SQL text built at run time joins identifiers taken from the schema itself (table_info).
// Failures throw SqlError, which the catalog API turns into messages at its boundary.
//
// Every file opened here is treated as untrusted (an imported file, or a user catalog someone
// else may have written): defensive mode, schema functions untrusted, no views or triggers run,
// strings and blobs capped, temporary storage in memory under a process-wide heap cap, and a
// time budget per connection enforced by a progress handler.

#include <stdexcept>
#include <string>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace infraplan::catalog {

class SqlError : public std::runtime_error {
public:
    explicit SqlError(const std::string& what, bool busy = false)
        : std::runtime_error(what), m_busy(busy) {}
    // Another connection held the lock past the busy timeout, or SQLite reported a lock
    // conflict it does not wait on: trying again later may succeed.
    bool busy() const { return m_busy; }

private:
    bool m_busy = false;
};

class Statement {
public:
    Statement(sqlite3* db, const std::string& sql);
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    // Parameters are 1-based, as in SQLite.
    void bind(int index, double value);
    void bind(int index, long long value);
    void bind(int index, const std::string& value);
    void bindNull(int index);
    // Runs to the next row: true when a row is available, false when done.
    bool step();
    void reset();

    int columnCount() const;
    std::string columnName(int column) const;
    bool isNull(int column) const;
    bool isInteger(int column) const;
    bool isReal(int column) const;
    double columnDouble(int column) const;
    long long columnInt(int column) const;
    std::string columnText(int column) const;

private:
    sqlite3* m_db = nullptr;
    sqlite3_stmt* m_stmt = nullptr;
};

// The limits every connection runs under.
inline constexpr int kMaxSqlValueBytes = 1 << 20;              // one string, blob or row
inline constexpr long long kSqliteHeapLimitBytes = 256 << 20;  // all connections together
inline constexpr int kSqliteTimeBudgetSeconds = 10;            // from opening to closing

class Database {
public:
    enum class Mode { read_only, read_write_create };
    // ":memory:" opens a private in-memory database.
    Database(const std::string& path, Mode mode);
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    // Runs a script of compiled-in SQL (never user text).
    void exec(const std::string& sql);
    int userVersion();
    void setUserVersion(int version);
    // Column names of a table of the schema, in order.
    std::vector<std::string> columns(const std::string& table);
    sqlite3* handle() const { return m_db; }
    // The time budget counts from opening; a writer restarts it once it holds the write lock,
    // so that waiting for another instance does not count.
    void restartTimeBudget();

private:
    void harden();

    sqlite3* m_db = nullptr;
    long long m_deadline_ns = 0;  // steady clock; the progress handler interrupts past it
};

// BEGIN IMMEDIATE on construction, ROLLBACK on destruction unless commit() ran.
class Transaction {
public:
    explicit Transaction(Database& db);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();

private:
    Database& m_db;
    bool m_done = false;
};

}  // namespace infraplan::catalog
