//===- PollyNestBuilder.cpp - Nests from Polly's SCoPs ---------------------===//

#include "NestBuilders.h"

#include "polly/ScopInfo.h"
#include "polly/Support/GICHelper.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/DataLayout.h"

using namespace llvm;

namespace outcore {
namespace {

/// Builds nests from Polly's SCoPs. Each statement's outermost loop roots a
/// nest; statements of one SCoP under the same outermost loop share it.
class PollyNestBuilder {
public:
  PollyNestBuilder(isl_ctx *Ctx, ScalarEvolution &SE, const DataLayout &DL)
      : Ctx(Ctx), SE(SE), DL(DL) {}

  /// Polly's objects live in the Scop's isl context, which Polly may free;
  /// ours must outlive it. Tuple names are dropped first: Polly's are not
  /// always valid isl syntax ("Stmt_%15__TO__%38").
  template <typename T> T moveToCtx(T PollyObject) {
    if (PollyObject.is_null())
      return T();
    return T(Ctx, polly::stringFromIslObj(PollyObject));
  }

  void addScop(polly::Scop &S, MapVector<Loop *, IRNest> &Nests) {
    for (polly::ScopStmt &Stmt : S) {
      unsigned Depth = Stmt.getNumIterators();
      if (Depth == 0)
        continue;
      IRNest &Nest = Nests[Stmt.getLoopForDimension(0)];
      Nest.FromPolly = true;
      isl::set Domain = moveToCtx(isl::manage(
          isl_set_reset_tuple_id(Stmt.getDomain().release())));
      std::vector<int> Path;
      for (unsigned D = 0; D < Depth; ++D)
        Path.push_back(addLoop(Nest, Stmt.getLoopForDimension(D),
                               Path.empty() ? -1 : Path.back(), Domain, D));
      for (polly::MemoryAccess *MA : Stmt)
        if (MA->isArrayKind())
          addAccess(Nest, *MA, Path);
    }
  }

  /// Turns the trip counts gathered from all statements into loop records.
  void finish(IRNest &Nest) {
    for (size_t I = 0; I < Nest.Loops.size(); ++I) {
      isl::set Dom = LoopDomains[Nest.Loops[I]];
      std::string Trip = "unknown";
      if (Dom.is_null())
        ; // Polly's domain could not be read: ScalarEvolution may still know
      else if (unsigned D = Dom.tuple_dim().release() - 1; Dom.is_empty())
        Trip = "0";
      else
        Trip = cExpression(Dom.dim_max(D).sub(Dom.dim_min(D)).add(
            isl::pw_aff(Dom.params(), isl::val::one(Ctx))));
      int Parent = Nest.Model.Loops[I].Parent;
      Nest.Model.Loops[I] =
          describeLoop(Nest.Loops[I], Parent, I, SE, Trip, Nest.Sources[I]);
    }
  }

private:
  int addLoop(IRNest &Nest, Loop *L, int Parent, const isl::set &StmtDomain,
              unsigned Dim) {
    // The loop's own domain: the statement's domain projected onto the loops
    // up to this one, without the statement's name; unioned over statements.
    isl::set Prefix;
    if (!StmtDomain.is_null())
      Prefix = StmtDomain.project_out(isl::dim::set, Dim + 1,
                                      StmtDomain.tuple_dim().release() - Dim - 1);
    auto Known = LoopDomains.find(L);
    if (Known != LoopDomains.end()) {
      if (Known->second.is_null())
        Known->second = Prefix;
      else if (!Prefix.is_null())
        Known->second = Known->second.unite(Prefix);
      for (size_t I = 0; I < Nest.Loops.size(); ++I)
        if (Nest.Loops[I] == L)
          return I;
    }
    LoopDomains[L] = Prefix;
    Nest.Loops.push_back(L);
    NestLoop Placeholder;
    Placeholder.Parent = Parent;
    Nest.Model.Loops.push_back(Placeholder);
    Nest.Sources.emplace_back();
    return Nest.Loops.size() - 1;
  }

  void addAccess(IRNest &Nest, polly::MemoryAccess &MA,
                 const std::vector<int> &Path) {
    const polly::ScopArrayInfo *SAI = MA.getScopArrayInfo();
    NestRef Ref;
    Ref.Array = baseName(SAI->getBasePtr());
    Ref.ArrayId = Nest.arrayId(SAI->getBasePtr());
    Ref.Path = Path;
    isl::map Access = moveToCtx(isl::manage(isl_map_reset_tuple_id(
        isl_map_reset_tuple_id(MA.getAccessRelation().release(), isl_dim_in),
        isl_dim_out)));
    Ref.ElemSize = SAI->getElemSizeInBytes();
    Ref.Access = Access.is_null() ? Access
                                  : restoreDimensions(Access, SAI->getBasePtr(),
                                                      Ref.ElemSize, DL);
    Ref.ArrayBytes = allocatedBytes(SAI->getBasePtr(), DL);
    Ref.IsWrite = MA.isWrite();
    Nest.Model.Refs.push_back(std::move(Ref));
    Nest.Accesses.push_back(MA.getAccessInstruction());
    Nest.IndexLoads.push_back(nullptr);
  }

  isl_ctx *Ctx;
  ScalarEvolution &SE;
  const DataLayout &DL;
  DenseMap<Loop *, isl::set> LoopDomains;
};

} // namespace

void addPollyNests(polly::ScopInfo &SI, isl_ctx *Ctx, ScalarEvolution &SE,
                   const DataLayout &DL, std::vector<IRNest> &Nests,
                   SmallPtrSetImpl<Loop *> &Covered) {
  MapVector<Loop *, IRNest> PollyNests;
  PollyNestBuilder Polly(Ctx, SE, DL);
  for (auto &Entry : SI)
    if (Entry.second)
      Polly.addScop(*Entry.second, PollyNests);
  for (auto &[Outer, Nest] : PollyNests) {
    Polly.finish(Nest);
    Covered.insert(Nest.Loops.begin(), Nest.Loops.end());
    Nests.push_back(std::move(Nest));
  }
}

} // namespace outcore
