; RUN: opt -load-pass-plugin=%outcore -passes='outcore-prepare,outcore,verify' -S %s | FileCheck %s
;
; Made with clang -O1 -Xclang -disable-llvm-passes -fopenmp (TBAA, no
; optimisation). In the outlined body the pointers are read in the preheader,
; the chunk's upper bound is the value stored to .omp.ub (early-cse forwards it
; to the load), and the chunk gets a fit test and hints.
; CHECK-LABEL: define internal void @mv.omp_outlined(
; CHECK:       call void @__kmpc_for_static_init_4(
; CHECK:       store i32 [[UB:%.*]], ptr %.omp.ub
; CHECK:       icmp sgt i32 %{{.*}}, [[UB]]
; CHECK:       for.cond.preheader.lr.ph:
; CHECK-DAG:     load ptr, ptr %y
; CHECK-DAG:     load ptr, ptr %A
; CHECK-DAG:     load ptr, ptr %x
; CHECK:         %oc.limit = load atomic i64, ptr @oc_memory_limit_now unordered, align 8
; CHECK:         call void @mv.omp_outlined.outcore.hinted.0(
; CHECK:       call void @__kmpc_for_static_fini(
; CHECK-LABEL: define internal void @mv.omp_outlined.outcore.hinted.0(
; CHECK:         call void @oc_prefetch_block(
;
; // An OpenMP worksharing loop: clang outlines the body, the shared arrays
; // arrive as pointers to the pointer variables and the chunk's bounds are
; // read from the slots __kmpc_for_static_init_4 wrote. outcore-prepare reads
; // them once before the loop (TBAA: no store of a double writes them), so
; // each thread's chunk is a nest with a computable trip count, `ub - lb + 1`
; // of an `int` counter (`++iv <= ub`, where ScalarEvolution gives up).
; void mv(int n, double A[n][n], const double *x, double *y) {
; #pragma omp parallel for
;   for (int i = 0; i < n; i++) {
;     double s = 0;
;     for (int j = 0; j < n; j++)
;       s += A[i][j] * x[j];
;     y[i] = s;
;   }
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.ident_t = type { i32, i32, i32, i32, ptr }

@0 = private unnamed_addr constant [23 x i8] c";unknown;unknown;0;0;;\00", align 1
@1 = private unnamed_addr constant %struct.ident_t { i32 0, i32 514, i32 0, i32 22, ptr @0 }, align 8
@2 = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr @0 }, align 8

define dso_local void @mv(i32 noundef %n, ptr noundef %A, ptr noundef %x, ptr noundef %y) #0 {
entry:
  %n.addr = alloca i32, align 4
  %A.addr = alloca ptr, align 8
  %x.addr = alloca ptr, align 8
  %y.addr = alloca ptr, align 8
  store i32 %n, ptr %n.addr, align 4, !tbaa !6
  store ptr %A, ptr %A.addr, align 8, !tbaa !10
  store ptr %x, ptr %x.addr, align 8, !tbaa !10
  store ptr %y, ptr %y.addr, align 8, !tbaa !10
  %0 = load i32, ptr %n.addr, align 4, !tbaa !6
  %1 = zext i32 %0 to i64
  %2 = load i32, ptr %n.addr, align 4, !tbaa !6
  %3 = zext i32 %2 to i64
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @2, i32 6, ptr @mv.omp_outlined, ptr %n.addr, i64 %1, i64 %3, ptr %A.addr, ptr %x.addr, ptr %y.addr)
  ret void
}

define internal void @mv.omp_outlined(ptr noalias noundef %.global_tid., ptr noalias noundef %.bound_tid., ptr noundef nonnull align 4 dereferenceable(4) %n, i64 noundef %vla, i64 noundef %vla1, ptr noundef nonnull align 8 dereferenceable(8) %A, ptr noundef nonnull align 8 dereferenceable(8) %x, ptr noundef nonnull align 8 dereferenceable(8) %y) #1 {
entry:
  %.global_tid..addr = alloca ptr, align 8
  %.bound_tid..addr = alloca ptr, align 8
  %n.addr = alloca ptr, align 8
  %vla.addr = alloca i64, align 8
  %vla.addr2 = alloca i64, align 8
  %A.addr = alloca ptr, align 8
  %x.addr = alloca ptr, align 8
  %y.addr = alloca ptr, align 8
  %.omp.iv = alloca i32, align 4
  %tmp = alloca i32, align 4
  %.capture_expr. = alloca i32, align 4
  %.capture_expr.3 = alloca i32, align 4
  %i = alloca i32, align 4
  %.omp.lb = alloca i32, align 4
  %.omp.ub = alloca i32, align 4
  %.omp.stride = alloca i32, align 4
  %.omp.is_last = alloca i32, align 4
  %i5 = alloca i32, align 4
  %s = alloca double, align 8
  %j = alloca i32, align 4
  store ptr %.global_tid., ptr %.global_tid..addr, align 8, !tbaa !10
  store ptr %.bound_tid., ptr %.bound_tid..addr, align 8, !tbaa !10
  store ptr %n, ptr %n.addr, align 8, !tbaa !10
  store i64 %vla, ptr %vla.addr, align 8, !tbaa !12
  store i64 %vla1, ptr %vla.addr2, align 8, !tbaa !12
  store ptr %A, ptr %A.addr, align 8, !tbaa !10
  store ptr %x, ptr %x.addr, align 8, !tbaa !10
  store ptr %y, ptr %y.addr, align 8, !tbaa !10
  %0 = load ptr, ptr %n.addr, align 8, !tbaa !10
  %1 = load i64, ptr %vla.addr, align 8, !tbaa !12
  %2 = load i64, ptr %vla.addr2, align 8, !tbaa !12
  %3 = load ptr, ptr %A.addr, align 8, !tbaa !10
  %4 = load ptr, ptr %x.addr, align 8, !tbaa !10
  %5 = load ptr, ptr %y.addr, align 8, !tbaa !10
  call void @llvm.lifetime.start.p0(i64 4, ptr %.omp.iv) #3
  call void @llvm.lifetime.start.p0(i64 4, ptr %.capture_expr.) #3
  %6 = load i32, ptr %0, align 4, !tbaa !6
  store i32 %6, ptr %.capture_expr., align 4, !tbaa !6
  call void @llvm.lifetime.start.p0(i64 4, ptr %.capture_expr.3) #3
  %7 = load i32, ptr %.capture_expr., align 4, !tbaa !6
  %sub = sub nsw i32 %7, 0
  %div = sdiv i32 %sub, 1
  %sub4 = sub nsw i32 %div, 1
  store i32 %sub4, ptr %.capture_expr.3, align 4, !tbaa !6
  call void @llvm.lifetime.start.p0(i64 4, ptr %i) #3
  store i32 0, ptr %i, align 4, !tbaa !6
  call void @llvm.lifetime.end.p0(i64 4, ptr %i) #3
  %8 = load i32, ptr %.capture_expr., align 4, !tbaa !6
  %cmp = icmp slt i32 0, %8
  br i1 %cmp, label %omp.precond.then, label %omp.precond.end

omp.precond.then:                                 ; preds = %entry
  call void @llvm.lifetime.start.p0(i64 4, ptr %.omp.lb) #3
  store i32 0, ptr %.omp.lb, align 4, !tbaa !6
  call void @llvm.lifetime.start.p0(i64 4, ptr %.omp.ub) #3
  %9 = load i32, ptr %.capture_expr.3, align 4, !tbaa !6
  store i32 %9, ptr %.omp.ub, align 4, !tbaa !6
  call void @llvm.lifetime.start.p0(i64 4, ptr %.omp.stride) #3
  store i32 1, ptr %.omp.stride, align 4, !tbaa !6
  call void @llvm.lifetime.start.p0(i64 4, ptr %.omp.is_last) #3
  store i32 0, ptr %.omp.is_last, align 4, !tbaa !6
  call void @llvm.lifetime.start.p0(i64 4, ptr %i5) #3
  %10 = load ptr, ptr %.global_tid..addr, align 8
  %11 = load i32, ptr %10, align 4, !tbaa !6
  call void @__kmpc_for_static_init_4(ptr @1, i32 %11, i32 34, ptr %.omp.is_last, ptr %.omp.lb, ptr %.omp.ub, ptr %.omp.stride, i32 1, i32 1)
  %12 = load i32, ptr %.omp.ub, align 4, !tbaa !6
  %13 = load i32, ptr %.capture_expr.3, align 4, !tbaa !6
  %cmp6 = icmp sgt i32 %12, %13
  br i1 %cmp6, label %cond.true, label %cond.false

cond.true:                                        ; preds = %omp.precond.then
  %14 = load i32, ptr %.capture_expr.3, align 4, !tbaa !6
  br label %cond.end

cond.false:                                       ; preds = %omp.precond.then
  %15 = load i32, ptr %.omp.ub, align 4, !tbaa !6
  br label %cond.end

cond.end:                                         ; preds = %cond.false, %cond.true
  %cond = phi i32 [ %14, %cond.true ], [ %15, %cond.false ]
  store i32 %cond, ptr %.omp.ub, align 4, !tbaa !6
  %16 = load i32, ptr %.omp.lb, align 4, !tbaa !6
  store i32 %16, ptr %.omp.iv, align 4, !tbaa !6
  br label %omp.inner.for.cond

omp.inner.for.cond:                               ; preds = %omp.inner.for.inc, %cond.end
  %17 = load i32, ptr %.omp.iv, align 4, !tbaa !6
  %18 = load i32, ptr %.omp.ub, align 4, !tbaa !6
  %cmp7 = icmp sle i32 %17, %18
  br i1 %cmp7, label %omp.inner.for.body, label %omp.inner.for.cond.cleanup

omp.inner.for.cond.cleanup:                       ; preds = %omp.inner.for.cond
  br label %omp.inner.for.end

omp.inner.for.body:                               ; preds = %omp.inner.for.cond
  %19 = load i32, ptr %.omp.iv, align 4, !tbaa !6
  %mul = mul nsw i32 %19, 1
  %add = add nsw i32 0, %mul
  store i32 %add, ptr %i5, align 4, !tbaa !6
  call void @llvm.lifetime.start.p0(i64 8, ptr %s) #3
  store double 0.000000e+00, ptr %s, align 8, !tbaa !14
  call void @llvm.lifetime.start.p0(i64 4, ptr %j) #3
  store i32 0, ptr %j, align 4, !tbaa !6
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %omp.inner.for.body
  %20 = load i32, ptr %j, align 4, !tbaa !6
  %21 = load i32, ptr %0, align 4, !tbaa !6
  %cmp8 = icmp slt i32 %20, %21
  br i1 %cmp8, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %j) #3
  br label %for.end

for.body:                                         ; preds = %for.cond
  %22 = load ptr, ptr %3, align 8, !tbaa !10
  %23 = load i32, ptr %i5, align 4, !tbaa !6
  %idxprom = sext i32 %23 to i64
  %24 = mul nsw i64 %idxprom, %2
  %arrayidx = getelementptr inbounds double, ptr %22, i64 %24
  %25 = load i32, ptr %j, align 4, !tbaa !6
  %idxprom9 = sext i32 %25 to i64
  %arrayidx10 = getelementptr inbounds double, ptr %arrayidx, i64 %idxprom9
  %26 = load double, ptr %arrayidx10, align 8, !tbaa !14
  %27 = load ptr, ptr %4, align 8, !tbaa !10
  %28 = load i32, ptr %j, align 4, !tbaa !6
  %idxprom11 = sext i32 %28 to i64
  %arrayidx12 = getelementptr inbounds double, ptr %27, i64 %idxprom11
  %29 = load double, ptr %arrayidx12, align 8, !tbaa !14
  %30 = load double, ptr %s, align 8, !tbaa !14
  %31 = call double @llvm.fmuladd.f64(double %26, double %29, double %30)
  store double %31, ptr %s, align 8, !tbaa !14
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %32 = load i32, ptr %j, align 4, !tbaa !6
  %inc = add nsw i32 %32, 1
  store i32 %inc, ptr %j, align 4, !tbaa !6
  br label %for.cond, !llvm.loop !16

for.end:                                          ; preds = %for.cond.cleanup
  %33 = load double, ptr %s, align 8, !tbaa !14
  %34 = load ptr, ptr %5, align 8, !tbaa !10
  %35 = load i32, ptr %i5, align 4, !tbaa !6
  %idxprom14 = sext i32 %35 to i64
  %arrayidx15 = getelementptr inbounds double, ptr %34, i64 %idxprom14
  store double %33, ptr %arrayidx15, align 8, !tbaa !14
  call void @llvm.lifetime.end.p0(i64 8, ptr %s) #3
  br label %omp.body.continue

omp.body.continue:                                ; preds = %for.end
  br label %omp.inner.for.inc

omp.inner.for.inc:                                ; preds = %omp.body.continue
  %36 = load i32, ptr %.omp.iv, align 4, !tbaa !6
  %add16 = add nsw i32 %36, 1
  store i32 %add16, ptr %.omp.iv, align 4, !tbaa !6
  br label %omp.inner.for.cond

omp.inner.for.end:                                ; preds = %omp.inner.for.cond.cleanup
  br label %omp.loop.exit

omp.loop.exit:                                    ; preds = %omp.inner.for.end
  %37 = load ptr, ptr %.global_tid..addr, align 8
  %38 = load i32, ptr %37, align 4, !tbaa !6
  call void @__kmpc_for_static_fini(ptr @1, i32 %38)
  call void @llvm.lifetime.end.p0(i64 4, ptr %i5) #3
  call void @llvm.lifetime.end.p0(i64 4, ptr %.omp.is_last) #3
  call void @llvm.lifetime.end.p0(i64 4, ptr %.omp.stride) #3
  call void @llvm.lifetime.end.p0(i64 4, ptr %.omp.ub) #3
  call void @llvm.lifetime.end.p0(i64 4, ptr %.omp.lb) #3
  br label %omp.precond.end

omp.precond.end:                                  ; preds = %omp.loop.exit, %entry
  call void @llvm.lifetime.end.p0(i64 4, ptr %.capture_expr.3) #3
  call void @llvm.lifetime.end.p0(i64 4, ptr %.capture_expr.) #3
  call void @llvm.lifetime.end.p0(i64 4, ptr %.omp.iv) #3
  ret void
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #2

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #2

declare void @__kmpc_for_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32) #3

declare double @llvm.fmuladd.f64(double, double, double) #4

declare void @__kmpc_for_static_fini(ptr, i32) #3

declare !callback !19 void @__kmpc_fork_call(ptr, i32, ptr, ...) #3

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { alwaysinline norecurse nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #3 = { nounwind }
attributes #4 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"openmp", i32 51}
!2 = !{i32 8, !"PIC Level", i32 2}
!3 = !{i32 7, !"PIE Level", i32 2}
!4 = !{i32 7, !"uwtable", i32 2}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!11, !11, i64 0}
!11 = !{!"any pointer", !8, i64 0}
!12 = !{!13, !13, i64 0}
!13 = !{!"long", !8, i64 0}
!14 = !{!15, !15, i64 0}
!15 = !{!"double", !8, i64 0}
!16 = distinct !{!16, !17, !18}
!17 = !{!"llvm.loop.mustprogress"}
!18 = !{!"llvm.loop.unroll.disable"}
!19 = !{!20}
!20 = !{i64 2, i64 -1, i64 -1, i1 true}
