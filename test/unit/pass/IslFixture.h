//===- IslFixture.h - isl context and nest builders for the math tests ----===//
#ifndef OUTCORE_TEST_ISLFIXTURE_H
#define OUTCORE_TEST_ISLFIXTURE_H

#include "LocalityModel.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace outcore {

/// Owns one isl context per test. isl objects made in a test body die before
/// the fixture does, so the context outlives them. A test fails if isl
/// reported an error, even one it recovered from.
class IslTest : public ::testing::Test {
protected:
  IslTest() : Ctx(isl_ctx_alloc()) {}
  ~IslTest() override { isl_ctx_free(Ctx); }
  void TearDown() override {
    EXPECT_EQ(isl_ctx_last_error(Ctx), isl_error_none)
        << "isl error: " << (isl_ctx_last_error_msg(Ctx) ? isl_ctx_last_error_msg(Ctx) : "");
  }

  isl::map map(const std::string &S) { return isl::map(isl::ctx(Ctx), S); }
  isl::set set(const std::string &S) { return isl::set(isl::ctx(Ctx), S); }

  /// Adds a loop with a constant trip count, counting from 0.
  int loop(NestModel &Nest, int Parent, const std::string &Name, int64_t Trip) {
    NestLoop L;
    L.Parent = Parent;
    L.Name = Name;
    L.TripCount = Trip;
    L.TripText = std::to_string(Trip);
    L.LastText = std::to_string(Trip - 1);
    Nest.Loops.push_back(L);
    return int(Nest.Loops.size()) - 1;
  }

  /// Adds a loop whose trip count is symbolic ("n", "i + 1"); loops given
  /// the same text get the same TripKey, as the builder's uniqued expressions.
  int symbolicLoop(NestModel &Nest, int Parent, const std::string &Name,
                   const std::string &Trip, const std::string &First = "0",
                   const std::string &Last = "") {
    NestLoop L;
    L.Parent = Parent;
    L.Name = Name;
    L.TripText = Trip;
    L.TripKey = &*TripKeys.insert(Trip).first;
    L.FirstText = First;
    L.LastText = Last.empty() ? Trip + " - 1" : Last;
    Nest.Loops.push_back(L);
    return int(Nest.Loops.size()) - 1;
  }

  /// Adds an affine reference; Text defaults to the access string.
  int ref(NestModel &Nest, const std::string &Array, std::vector<int> Path,
          const std::string &Access, const std::string &Text = "",
          int64_t ElemSize = 8) {
    NestRef R;
    R.Array = Array;
    // The same name, the same array; a new name, a new id.
    R.ArrayId = unsigned(Nest.Refs.size());
    for (const NestRef &Other : Nest.Refs)
      if (Other.Array == Array)
        R.ArrayId = Other.ArrayId;
    R.Path = std::move(Path);
    R.Access = map(Access);
    R.ElemSize = ElemSize;
    R.Text = Text.empty() ? Access : Text;
    Nest.Refs.push_back(R);
    return int(Nest.Refs.size()) - 1;
  }

  isl_ctx *Ctx;
  std::set<std::string> TripKeys; ///< symbolicLoop's trip texts, one node each
};

/// TOCS Fig. 3 (and 4): two doubles per page, 500 pages of memory.
inline MachineParams tinyPages() {
  MachineParams P;
  P.PageSize = 16;
  P.MemSize = 500 * 16;
  return P;
}

} // namespace outcore

#endif
