; RUN: opt -load-pass-plugin=%outcore -passes='outcore<mem-size=128K>,verify' -S %s | FileCheck %s
;
; Temporal locality along the outer loop (TOCS 3.1.4): one iteration of i
; touches 18 pages, within 128K, so b[j], reused by every i, is prefetched
; only when i = 0 and released only when i = 63; a[i][j] is hinted in every
; row. The tests run once per row, before the strip loop over j, and gate
; b's page counts (none: nothing to do). a is not gated, so the j loop is not
; split.
; CHECK-LABEL: define dso_local void @matvec(
; CHECK:       for.cond1.preheader:
; CHECK:         %oc.first = icmp eq i64 [[I:%.*]], 0
; CHECK-NEXT:    %oc.last.it = icmp eq i64 [[I]], 63
; CHECK-NOT:     or i1
; CHECK:         call void @oc_prefetch_block(ptr %oc.addr, i64 %oc.pages, i32 0, i32 [[TAGA:%oc.tag[0-9]+]])
; CHECK:         %oc.pf = select i1 %oc.first, i64 %oc.pages2, i64 0
; CHECK-NEXT:    call void @oc_prefetch_block(ptr @b, i64 %oc.pf, i32 1, i32 [[TAGB:%oc.tag[0-9]+]])
; CHECK:       oc.strip:
; CHECK:         call void @oc_prefetch_release_block(ptr %oc.addr{{[0-9]*}}, ptr %oc.addr{{[0-9]*}}, i64 4, i32 0, i32 [[TAGA]])
; CHECK:         [[BPF:%.*]] = and i1 %{{.*}}, %oc.first
; CHECK:         [[BREL:%.*]] = and i1 %{{.*}}, %oc.last.it
; CHECK-NEXT:    br i1 [[BPF]], label %[[PFOK:.*]], label %{{.*}}
; CHECK:       [[PFOK]]:
; CHECK-NEXT:    br i1 [[BREL]], label %[[BOTH:.*]], label %{{.*}}
; CHECK:       [[BOTH]]:
; CHECK-NEXT:    call void @oc_prefetch_release_block(ptr %oc.addr{{[0-9]*}}, ptr %oc.addr{{[0-9]*}}, i64 4, i32 1, i32 [[TAGB]])
; CHECK:       for.inc10:
; CHECK:         call void @oc_release_block(ptr %oc.addr{{[0-9]+}}, i64 %oc.pages{{[0-9]+}}, i32 0, i32 [[TAGA]])
; CHECK:         [[RELB:%oc.rel[0-9]*]] = select i1 %oc.last.it, i64 %oc.pages{{[0-9]+}}, i64 0
; CHECK-NEXT:    call void @oc_release_block(ptr %oc.addr{{[0-9]+}}, i64 [[RELB]], i32 1, i32 [[TAGB]])
; CHECK-NOT:   .oc.plain:
;
; double a[64][4096], b[4096], c[64];
; 
; void matvec(void) {
;   for (int i = 0; i < 64; i++)
;     for (int j = 0; j < 4096; j++)
;       c[i] += a[i][j] * b[j];
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@a = dso_local global [64 x [4096 x double]] zeroinitializer, align 16
@b = dso_local global [4096 x double] zeroinitializer, align 16
@c = dso_local global [64 x double] zeroinitializer, align 16

define dso_local void @matvec() #0 {
entry:
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %entry, %for.inc10
  %i.02 = phi i32 [ 0, %entry ], [ %inc11, %for.inc10 ]
  br label %for.body3

for.body3:                                        ; preds = %for.cond1.preheader, %for.body3
  %j.01 = phi i32 [ 0, %for.cond1.preheader ], [ %inc, %for.body3 ]
  %idxprom = zext nneg i32 %i.02 to i64
  %idxprom4 = zext nneg i32 %j.01 to i64
  %arrayidx5 = getelementptr inbounds [64 x [4096 x double]], ptr @a, i64 0, i64 %idxprom, i64 %idxprom4
  %0 = load double, ptr %arrayidx5, align 8
  %idxprom6 = zext nneg i32 %j.01 to i64
  %arrayidx7 = getelementptr inbounds [4096 x double], ptr @b, i64 0, i64 %idxprom6
  %1 = load double, ptr %arrayidx7, align 8
  %idxprom8 = zext nneg i32 %i.02 to i64
  %arrayidx9 = getelementptr inbounds [64 x double], ptr @c, i64 0, i64 %idxprom8
  %2 = load double, ptr %arrayidx9, align 8
  %3 = call double @llvm.fmuladd.f64(double %0, double %1, double %2)
  store double %3, ptr %arrayidx9, align 8
  %inc = add nuw nsw i32 %j.01, 1
  %cmp2 = icmp ult i32 %inc, 4096
  br i1 %cmp2, label %for.body3, label %for.inc10, !llvm.loop !6

for.inc10:                                        ; preds = %for.body3
  %inc11 = add nuw nsw i32 %i.02, 1
  %cmp = icmp ult i32 %inc11, 64
  br i1 %cmp, label %for.cond1.preheader, label %for.end12, !llvm.loop !8

for.end12:                                        ; preds = %for.inc10
  ret void
}

declare double @llvm.fmuladd.f64(double, double, double) #1

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!6 = distinct !{!6, !7}
!7 = !{!"llvm.loop.mustprogress"}
!8 = distinct !{!8, !7}
