//===- LoopNestModel.h - LLVM IR loop nests as NestModels -----------------===//
//
// Turns the loop nests of a function into the IR-free NestModel of
// LocalityModel.h: affine references from Polly's SCoPs (access relations in
// Polly's canonical loop counters, parametric domains), and, for loops Polly
// declines, references found with ScalarEvolution: affine ones (linearised) and
// indirect ones (a[b[i]]). What neither can describe is reported as missed.
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_LOOPNESTMODEL_H
#define OUTCORE_LOOPNESTMODEL_H

#include "LocalityModel.h"

#include "llvm/IR/PassManager.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Instruction;
class Loop;
class ScalarEvolution;
class SCEV;
class Value;
} // namespace llvm

namespace outcore {

/// How a loop's canonical counter c relates to its source induction variable:
/// iv = First + Step * c, Step = +1 or -1.
struct SourceCounter {
  int64_t First;
  int64_t Step;
};

/// One loop nest of a function and the IR it was built from.
struct IRNest {
  NestModel Model;
  std::vector<llvm::Loop *> Loops;           ///< parallel to Model.Loops
  /// Parallel to Model.Loops; none where the loop is named by its counter.
  std::vector<std::optional<SourceCounter>> Sources;
  std::vector<llvm::Instruction *> Accesses; ///< load/store, parallel to Model.Refs
  /// For indirect references: the load that produces the index (b[i] in
  /// a[b[i]]); for references through row pointers: the load of the row
  /// pointer (a[i] in a[i][j]); else null. Parallel to Model.Refs.
  std::vector<llvm::Instruction *> IndexLoads;
  /// The identity of each NestRef::ArrayId: the base pointer, the symbolic
  /// terms of the offset (a[i + n] is a region of its own), and whether it is
  /// the rows behind the pointers at the base rather than the base's array.
  struct ArrayKey {
    const llvm::Value *Base;
    std::vector<const llvm::SCEV *> Symbolic;
    bool Rows;
    bool operator==(const ArrayKey &O) const {
      return Base == O.Base && Symbolic == O.Symbolic && Rows == O.Rows;
    }
  };
  std::vector<ArrayKey> Arrays;
  bool FromPolly = false;

  /// The ArrayId of the array at Base + Symbolic, a new one if not seen yet.
  unsigned arrayId(const llvm::Value *Base,
                   const std::vector<const llvm::SCEV *> &Symbolic = {}, bool Rows = false);
  /// Why the nest must be left as it is although its other references were
  /// analysed (a reference the model cannot describe); empty if it may be
  /// transformed.
  std::string Unsupported;
  /// The loop whose own blocks (outside the loops inside it) hold that reference.
  const llvm::Loop *UnsupportedIn = nullptr;
};

/// A loop nest the analysis cannot describe, with the reason in plain words.
struct MissedNest {
  llvm::Loop *Outermost;
  std::string Reason;
};

struct FunctionNests {
  /// Owns every isl object of the nests (declared first: destroyed last).
  std::shared_ptr<isl_ctx> Ctx;
  std::vector<IRNest> Nests;
  std::vector<MissedNest> Missed;
};

/// The source variable a value holds, from debug info (-g), if known.
std::optional<std::string> debugVariableName(llvm::Value *V);

/// The backedges L takes, exact (or its symbolic maximum), in at most 64
/// bits; null when unknown. ScalarEvolution widens the count of
/// `for (iv = lb; iv <= ub; iv++)` (i128 for an i64 counter, as OpenMP's
/// bounds are written) against an overflow no counter of at most 64 bits can
/// reach, so a wider count is narrowed to 64 bits; where it gives up on a
/// narrower counter's `++iv <= ub`, the count is taken from the counter's nsw.
const llvm::SCEV *backedgeCount(const llvm::Loop *L, llvm::ScalarEvolution &SE,
                                bool SymbolicMax = false);

/// Builds the nests of F. Needs Polly's ScopInfoAnalysis registered in FAM.
FunctionNests buildFunctionNests(llvm::Function &F,
                                 llvm::FunctionAnalysisManager &FAM);

} // namespace outcore

#endif
