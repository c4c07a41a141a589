// Tables into an SQLite file (Debian's libsqlite3): written under a temporary name in one
// transaction and renamed into place, so a reader never sees a half-written database.
#include <sqlite3.h>

#include <fmt/format.h>

#include <cstdio>
#include <memory>

#include "sweep/collect.hpp"

namespace ventus::sweep {
namespace {

// SQL identifiers in double quotes: axis keys such as sm.warp_slots have dots.
std::string identifier(const std::string& name) {
  std::string out = "\"";
  for (const char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

struct Database {
  sqlite3* db = nullptr;
  ~Database() { sqlite3_close(db); }
  Status exec(const std::string& sql) {
    char* message = nullptr;
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message) == SQLITE_OK) return ok_status();
    Error error{fmt::format("sqlite: {}", message ? message : "error")};
    sqlite3_free(message);
    return error;
  }
};

void bind(sqlite3_stmt* statement, int column, const nlohmann::json& value) {
  if (value.is_number_integer()) {
    sqlite3_bind_int64(statement, column,
                       value.is_number_unsigned()
                           ? static_cast<sqlite3_int64>(value.get<uint64_t>())
                           : value.get<int64_t>());
  } else if (value.is_number()) {
    sqlite3_bind_double(statement, column, value.get<double>());
  } else if (value.is_string()) {
    sqlite3_bind_text(statement, column, value.get_ref<const std::string&>().c_str(), -1,
                      SQLITE_TRANSIENT);
  } else if (value.is_boolean()) {
    sqlite3_bind_int(statement, column, value.get<bool>() ? 1 : 0);
  } else {
    sqlite3_bind_null(statement, column);
  }
}

Status write_table(Database& database, const Table& table) {
  std::string columns, marks;
  for (size_t i = 0; i < table.columns.size(); ++i) {
    columns += (i ? ", " : "") + identifier(table.columns[i]);
    marks += i ? ", ?" : "?";
  }
  if (auto s = database.exec(fmt::format("CREATE TABLE {} ({})", identifier(table.name), columns));
      !s)
    return s;
  sqlite3_stmt* raw = nullptr;
  const std::string sql = fmt::format("INSERT INTO {} VALUES ({})", identifier(table.name), marks);
  if (sqlite3_prepare_v2(database.db, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK) {
    return Error{fmt::format("sqlite: {}", sqlite3_errmsg(database.db))};
  }
  const std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> statement(raw, sqlite3_finalize);
  for (const auto& row : table.rows) {
    for (size_t i = 0; i < row.size(); ++i) bind(raw, static_cast<int>(i + 1), row[i]);
    if (sqlite3_step(raw) != SQLITE_DONE)
      return Error{fmt::format("sqlite: {}", sqlite3_errmsg(database.db))};
    sqlite3_reset(raw);
  }
  return ok_status();
}

}  // namespace

Status write_sqlite(const std::string& path, const std::vector<const Table*>& tables) {
  const std::string temporary = path + ".tmp";
  std::remove(temporary.c_str());
  {
    Database database;
    if (sqlite3_open(temporary.c_str(), &database.db) != SQLITE_OK) {
      return Error{fmt::format("cannot create '{}': {}", temporary, sqlite3_errmsg(database.db))};
    }
    if (auto s = database.exec("BEGIN"); !s) return s;
    for (const Table* table : tables) {
      if (auto s = write_table(database, *table); !s) return s;
    }
    if (auto s = database.exec("COMMIT"); !s) return s;
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0)
    return Error{fmt::format("cannot write '{}'", path)};
  return ok_status();
}

}  // namespace ventus::sweep
