//===- Remarks.h - The remark contract of DESIGN.md -----------------------===//
//
// Every remark the pass emits, in one place, with the names and arguments
// that tests outside the project parse: Locality (analysis), Prefetched and
// Released (passed), NotTransformed (missed); pass name "outcore".
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_REMARKS_H
#define OUTCORE_REMARKS_H

#include "Locality.h"

#include "llvm/ADT/StringRef.h"

namespace llvm {
class Function;
class Instruction;
class Loop;
class OptimizationRemarkEmitter;
} // namespace llvm

namespace outcore {

/// One Locality remark per reference of the nest, at the reference.
void emitLocalityRemarks(const AnalyzedNest &Nest,
                         llvm::OptimizationRemarkEmitter &ORE);

/// The nest rooted at Outermost is left as it was.
void emitNotTransformed(llvm::Loop *Outermost, llvm::StringRef Reason,
                        llvm::OptimizationRemarkEmitter &ORE);

/// A big zero-initialised global stays where it is (SpillGlobals); the
/// remark goes to a function that uses it.
void emitNotSpilled(const llvm::Function &User, llvm::StringRef Array,
                    llvm::StringRef Reason, llvm::OptimizationRemarkEmitter &ORE);

/// What one inserted directive does (Prefetched / Released remarks).
struct DirectiveRemark {
  llvm::Instruction *At;     ///< the inserted call
  llvm::StringRef Array;
  int Tag;
  unsigned Priority;
  int64_t Pages;
  int64_t Distance;          ///< iterations of the pipeline loop ahead
  unsigned PipelineDepth;    ///< depth of the pipeline loop
  bool Prefetches;           ///< false: release-only
};
void emitDirective(const DirectiveRemark &D,
                   llvm::OptimizationRemarkEmitter &ORE);

} // namespace outcore

#endif
