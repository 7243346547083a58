//===- NestModel.h - A loop nest without IR, as the locality math sees it -===//
//
// Conventions
//  - Loops are numbered 0..N-1. A nest is a tree: each loop names its parent
//    (-1 for the outermost loop). Depth 0 = outermost.
//  - Every loop is described by a canonical iteration counter c = 0, 1, ...
//    (Polly's convention): steps and directions of the source loop live in
//    the access functions (A[n-1-c], A[2c]).
//  - A reference's access relation maps the counters of the loops on its
//    path (outermost first) to array indices in elements, row-major, with
//    the last index varying fastest. Parameters (symbolic sizes) may appear.
// LoopNestModel.cpp builds one from the IR (Polly SCoPs, ScalarEvolution);
// unit tests build one by hand from isl strings.
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_NESTMODEL_H
#define OUTCORE_NESTMODEL_H

#include "isl/isl-noexceptions.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace outcore {

struct NestLoop {
  int Parent = -1;                  ///< index of the enclosing loop, -1 if outermost
  std::string Name;                 ///< source induction variable, for predicates ("i")
  std::string FirstText = "0";      ///< printable first value of the source IV
  std::string LastText;             ///< printable last value of the source IV
  std::optional<int64_t> TripCount; ///< iterations per entry, when constant
  std::string TripText;             ///< printable trip count ("8", "n", "n - 1")
  /// Identity of the trip count as a function of the parameters and the outer
  /// counters (the builder's uniqued expression; null when unknown): loops
  /// with equal keys run over the same counter range on every iteration of
  /// the loops around them. Compared, never looked into.
  const void *TripKey = nullptr;
  /// Source IV step per iteration (IV = First + Step * c), when constant: it
  /// turns "c mod f" into source terms ("j mod 8" for j += 2, f = 4).
  int64_t Step = 1;
};

struct NestRef {
  /// Which array: references with the same id address the same array (the
  /// same base and symbolic offset); the id is not the name.
  unsigned ArrayId = 0;
  std::string Array;                ///< display name of the base ("A", "a+n")
  std::vector<int> Path;            ///< enclosing loops, outermost first
  isl::map Access;                  ///< [c_Path...] -> [a0..ad-1]; null when Indirect
  int64_t ElemSize = 8;             ///< bytes per element
  std::optional<int64_t> ArrayBytes;///< size of the whole array, when known
  bool IsWrite = false;
  bool Indirect = false;            ///< a[b[i]]: no reuse analysis possible
  /// a[k] with k counting from a value loaded at its loop's entry (val[k]
  /// for k from rowptr[r] in CSR): a stream along k whose start the math
  /// cannot see (Access null); prefetched ahead, released behind.
  bool LoadedBase = false;
  /// a[i][j] through row pointers loaded inside the nest (double **a, a malloc
  /// per row): Access indexes the rows behind a, [row][element]; rows are
  /// separate blocks, so a row's pages are its own.
  bool RowPointers = false;
  std::string Text;                 ///< printable form from its builder, else referenceText
};

struct NestModel {
  std::vector<NestLoop> Loops;
  std::vector<NestRef> Refs;
};

} // namespace outcore

#endif
