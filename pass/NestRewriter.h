//===- NestRewriter.h - Strip-mine and software-pipeline one loop ---------===//
//
// Rewrites the pipeline loop chosen by Schedule and software-pipelines the
// hints (TOCS 3.2, Fig. 7; OSDI 3.2, Fig. 5), in the manner of LLVM's
// LoopVersioning and LoopDataPrefetch. The shape keeps every iteration in
// order:
//
//   preheader:  prolog: oc_prefetch_block(first Distance iterations)
//   oc.strip:   s = phi [0, preheader], [e, oc.strip.latch]      (strip loop)
//               e = umin(s + Strip, tc)
//               steady state, one call per reference:
//                 oc_prefetch_release_block(s + D < tc ? &a[s + D] : null,
//                                           s != 0 ? &a[s - Strip] : null, ...)
//   header:     c = phi [s, oc.strip], [c + 1, latch]           (original loop)
//               ... original body ...
//   latch:      br (c + 1 != e), header, oc.strip.latch
//   oc.strip.latch: br (e == tc), exit, oc.strip
//   exit:       final oc_release_block(last strip)
//
// The original exit test becomes dead: the exact backedge-taken count of
// ScalarEvolution (single exiting block = latch) gives the same iterations.
// The null addresses (prefetch past the data, nothing to release before the
// first strip, outer predicates off) are branched around where the hints in
// loops are made (emitHint): a call gets only the addresses it needs, and
// none is made without one.
// Predicates on the loops around the pipeline loop run once per outer
// iteration in the preheader; when every hint is gated, the outer iterations
// with no hint run a plain copy of the loop (TOCS 3.2 splits those loops).
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_NESTREWRITER_H
#define OUTCORE_NESTREWRITER_H

#include "Locality.h"
#include "RuntimeCalls.h"
#include "Schedule.h"

#include "llvm/Analysis/DomTreeUpdater.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <string>
#include <vector>

namespace llvm {
class DominatorTree;
class LoopInfo;
class OptimizationRemarkEmitter;
} // namespace llvm

namespace outcore {

/// What every rewrite of a function shares.
struct RewriteContext {
  llvm::Function &F;
  llvm::LoopInfo &LI;
  llvm::DominatorTree &DT;
  llvm::ScalarEvolution &SE;
  llvm::OptimizationRemarkEmitter &ORE;
  const OutcoreParams &Params;
  Runtime RT; ///< declared once the first nest of the function is hinted
};

class NestRewriter {
public:
  NestRewriter(const AnalyzedNest &Nest, const NestSchedule &NS, RewriteContext &Cx);

  /// Why the pipeline loop cannot be rewritten, or "" when it can. Checked
  /// before anything changes: a refused nest stays exactly as it was.
  std::string refusal() const;

  /// Rewrites the pipeline loop (refusal() must be "") and emits a
  /// Prefetched or Released remark per hinted reference.
  void run();

private:
  using Value = llvm::Value;
  using IRBuilderBase = llvm::IRBuilderBase;

  // The steps of run(), in order.
  void expandInvariants();
  void lowerGates();
  void splitPlainCopy();
  void prepareAddresses();
  void numberTags();
  void emitBlockProlog();
  void buildStripLoop();
  void emitSteadyState();
  void rewireOriginalLoop();
  void emitFinalRelease();
  void updateLoopInfo();
  void emitPerIterationHints();
  void emitPageProlog();
  void emitRemarks();

  /// An address a hint carries only when Ok holds (Ok null: always; Addr
  /// null: no such hint).
  struct Guarded {
    Value *Ok = nullptr, *Addr = nullptr;
  };

  // Addresses and calls of reference R.
  Value *addrAt(IRBuilderBase &B, unsigned R, Value *It);
  Value *lowAddr(IRBuilderBase &B, unsigned R, Value *First, Value *EndIt);
  Guarded relAddr(IRBuilderBase &B, unsigned R, Value *Ok, Value *Addr);
  Guarded pfAddr(IRBuilderBase &B, unsigned R, Value *Ok, Value *Addr);
  static Value *pagesIf(IRBuilderBase &B, Value *Ok, Value *Pages, const llvm::Twine &Name);
  Value *pagesFor(IRBuilderBase &B, unsigned R, Value *Iters);
  llvm::CallInst *located(llvm::CallInst *Call, unsigned R);
  llvm::CallInst *callHint(IRBuilderBase &B, unsigned R, Value *Pf, Value *Rel,
                           Value *Pages);
  llvm::CallInst *emitHint(IRBuilderBase &B, unsigned R, Guarded Pf, Guarded Rel,
                           Value *Pages);
  llvm::CallInst *indirectPrefetch(IRBuilderBase &B, unsigned R, Value *It);
  Value *rowAddr(IRBuilderBase &B, unsigned R, Value *It);
  llvm::CallInst *rowHint(IRBuilderBase &B, unsigned R, bool Prefetch, Value *First,
                          Value *EndIt, Value *Ok, bool WholePages);

  const AnalyzedNest &Nest;
  const NestSchedule &NS;
  RewriteContext &Cx;
  llvm::Module &M;
  llvm::Loop *L;
  llvm::BasicBlock *P, *H, *Lt, *E; ///< preheader, header, latch, exit of L
  llvm::Instruction *PT = nullptr;  ///< where invariant values go
  llvm::DomTreeUpdater DTU;         ///< Cx.DT, updated edge by edge as blocks change
  llvm::SCEVExpander Exp;
  llvm::IRBuilder<> PB;             ///< at PT
  const int64_t Page, Strip, D;     ///< bytes; iterations; iterations ahead
  /// Strip and D as values, made in the preheader: run-time ones when
  /// NS.StripStep is set (rows of a run-time length), else constants.
  Value *StripV = nullptr, *DV = nullptr;

  /// Per reference of NS.Refs.
  std::vector<Value *> Bases, Steps, BasePtrs, PageStride, PfGate, RelGate,
      TagValues, StripPages;
  /// Bytes from the address of a prefetch / release back to the start of
  /// the page it serves (null: none), GateLowering::pageStartOffset.
  std::vector<Value *> PfRebase, RelRebase;
  /// Per row stream (RefSchedule::RowAt): &p[0] of the pipeline loop and the
  /// bytes between two rows' p[]; null for other references.
  std::vector<Value *> RowBases, RowSteps;
  std::vector<int> Tags;
  std::vector<llvm::CallInst *> Steady; ///< the hint a remark describes

  Value *BTC = nullptr, *TC = nullptr;  ///< backedges and trip count of L
  llvm::BasicBlock *SH = nullptr, *Lx = nullptr; ///< strip header and latch
  llvm::PHINode *S = nullptr;           ///< first iteration of the strip
  Value *End = nullptr;                 ///< end of the strip
  llvm::PHINode *C = nullptr;           ///< iteration of L
};

} // namespace outcore

#endif
