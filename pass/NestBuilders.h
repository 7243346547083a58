//===- NestBuilders.h - The two nest builders and what they share ---------===//
//
// Internal to LoopNestModel.cpp (the driver), PollyNestBuilder.cpp (nests from
// Polly's SCoPs) and ScevNestBuilder.cpp (nests from ScalarEvolution, for the
// loops Polly declines). The helpers are defined in LoopNestModel.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_NESTBUILDERS_H
#define OUTCORE_NESTBUILDERS_H

#include "LoopNestModel.h"

#include "llvm/ADT/SmallPtrSet.h"

namespace llvm {
class CallBase;
class DataLayout;
class TargetLibraryInfo;
} // namespace llvm
namespace polly {
class ScopInfo;
} // namespace polly

namespace outcore {

/// A C expression for a piecewise affine function of the parameters ("n - 1").
std::string cExpression(isl::pw_aff PA);
/// SCEV text without IR sigils and wrap flags: "(-1 + n)".
std::string scevText(const llvm::SCEV *S);
/// Describes loop L (first and last source IV values, trip count); TripFromIsl
/// when Polly knows the domain, else from ScalarEvolution.
NestLoop describeLoop(llvm::Loop *L, int Parent, unsigned Index, llvm::ScalarEvolution &SE,
                      std::optional<std::string> TripFromIsl,
                      std::optional<SourceCounter> &Source);
std::optional<int64_t> allocatedBytes(const llvm::Value *Base, const llvm::DataLayout &DL);
/// The source's dimensions of a fixed-size array object, which instcombine folds away.
isl::map restoreDimensions(isl::map Access, const llvm::Value *Base, int64_t ElemSize,
                           const llvm::DataLayout &DL);
/// The name of an array's base, for reports and remarks.
std::string baseName(const llvm::Value *Base);

/// A math library call under math-errno (sqrt, exp, pow...): numbers in, a
/// number out, and the only memory it may write is errno, which is none of
/// the program's arrays.
bool onlySetsErrno(const llvm::CallBase &Call, const llvm::TargetLibraryInfo &TLI);

/// The nests of Polly's SCoPs, appended to Nests; their loops go into Covered.
void addPollyNests(polly::ScopInfo &SI, isl_ctx *Ctx, llvm::ScalarEvolution &SE,
                   const llvm::DataLayout &DL, std::vector<IRNest> &Nests,
                   llvm::SmallPtrSetImpl<llvm::Loop *> &Covered);
/// Why a loop Polly declined cannot be described: the reason in plain words
/// and the instruction it is about (a call), if one.
struct NestRefusal {
  std::string Reason;
  const llvm::Instruction *At = nullptr;
};

/// The nest rooted at Outermost, a loop Polly declined, from ScalarEvolution;
/// the refusal when it cannot be described.
std::optional<NestRefusal> buildScevNest(llvm::Loop *Outermost, IRNest &Nest, isl_ctx *Ctx,
                                         llvm::ScalarEvolution &SE, const llvm::DataLayout &DL,
                                         const llvm::TargetLibraryInfo &TLI);

} // namespace outcore

#endif
