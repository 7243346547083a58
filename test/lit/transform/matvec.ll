; RUN: opt -load-pass-plugin=%outcore -passes='outcore<page-size=16K;mem-size=1M;unknown-trip=large>' -verify-each -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%outcore -passes='outcore<page-size=16K;mem-size=1M;unknown-trip=large>,verify' -pass-remarks-output=%t.yaml -disable-output %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.yaml
;
; OSDI Fig. 5 MATVEC with 16 KB pages: per row of a, a prolog for a and b,
; a steady state with one bundled call each (priority 1 for a, 3 for b,
; distinct tags), the final releases, and no hint for c. (With the default
; unknown-trip=version a run-time version that keeps b across rows comes
; first: b's pages fit in more memory than the 1M assumed here.)
; CHECK-LABEL: define dso_local void @matvec(
; CHECK:         call void @oc_prefetch_block(ptr %{{.*}}, i64 %{{.*}}, i32 1, i32 [[TA:%oc.tag[0-9]+]])
; CHECK:         call void @oc_prefetch_block(ptr @b, i64 %{{.*}}, i32 3, i32 [[TB:%oc.tag[0-9]+]])
; CHECK:       oc.strip:
; CHECK:         call void @oc_prefetch_release_block(ptr %{{.*}}, ptr %{{.*}}, i64 4, i32 1, i32 [[TA]])
; CHECK:         call void @oc_prefetch_release_block(ptr %{{.*}}, ptr %{{.*}}, i64 4, i32 3, i32 [[TB]])
; CHECK-NOT:     call void @oc_{{.*}}@c
; CHECK:       oc.strip.latch:
; CHECK:         call void @oc_release_block(ptr %{{.*}}, i64 %{{.*}}, i32 1, i32 [[TA]])
; CHECK:         call void @oc_release_block(ptr %{{.*}}, i64 %{{.*}}, i32 3, i32 [[TB]])
; CHECK-NOT:     call void @oc_
; CHECK:       ret void
; REMARK:      Name: Prefetched
; REMARK:        - Array: a
; REMARK:        - Priority: '1'
; REMARK:      Name: Prefetched
; REMARK:        - Array: b
; REMARK:        - Priority: '3'
;
; // OSDI Fig. 5: MATVEC. a reused across iter (priority 1), b across i and
; // iter (priority 3), c smaller than a page (no hints).
; int a[100][1000000];
; int b[1000000];
; int c[100];
; 
; void matvec(void) {
;   for (int iter = 0; iter < 10; iter++)
;     for (int i = 0; i < 100; i++)
;       for (int j = 0; j < 1000000; j++)
;         c[i] = c[i] + a[i][j] * b[j];
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@c = dso_local global [100 x i32] zeroinitializer, align 16
@a = dso_local global [100 x [1000000 x i32]] zeroinitializer, align 16
@b = dso_local global [1000000 x i32] zeroinitializer, align 16

define dso_local void @matvec() #0 {
entry:
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %entry, %for.inc18
  %iter.03 = phi i32 [ 0, %entry ], [ %inc19, %for.inc18 ]
  br label %for.cond4.preheader

for.cond4.preheader:                              ; preds = %for.cond1.preheader, %for.inc15
  %i.02 = phi i32 [ 0, %for.cond1.preheader ], [ %inc16, %for.inc15 ]
  br label %for.body6

for.body6:                                        ; preds = %for.cond4.preheader, %for.body6
  %j.01 = phi i32 [ 0, %for.cond4.preheader ], [ %inc, %for.body6 ]
  %idxprom = zext nneg i32 %i.02 to i64
  %arrayidx = getelementptr inbounds [100 x i32], ptr @c, i64 0, i64 %idxprom
  %0 = load i32, ptr %arrayidx, align 4
  %idxprom7 = zext nneg i32 %i.02 to i64
  %idxprom9 = zext nneg i32 %j.01 to i64
  %arrayidx10 = getelementptr inbounds [100 x [1000000 x i32]], ptr @a, i64 0, i64 %idxprom7, i64 %idxprom9
  %1 = load i32, ptr %arrayidx10, align 4
  %idxprom11 = zext nneg i32 %j.01 to i64
  %arrayidx12 = getelementptr inbounds [1000000 x i32], ptr @b, i64 0, i64 %idxprom11
  %2 = load i32, ptr %arrayidx12, align 4
  %mul = mul nsw i32 %1, %2
  %add = add nsw i32 %0, %mul
  %idxprom13 = zext nneg i32 %i.02 to i64
  %arrayidx14 = getelementptr inbounds [100 x i32], ptr @c, i64 0, i64 %idxprom13
  store i32 %add, ptr %arrayidx14, align 4
  %inc = add nuw nsw i32 %j.01, 1
  %cmp5 = icmp ult i32 %inc, 1000000
  br i1 %cmp5, label %for.body6, label %for.inc15, !llvm.loop !6

for.inc15:                                        ; preds = %for.body6
  %inc16 = add nuw nsw i32 %i.02, 1
  %cmp2 = icmp ult i32 %inc16, 100
  br i1 %cmp2, label %for.cond4.preheader, label %for.inc18, !llvm.loop !8

for.inc18:                                        ; preds = %for.inc15
  %inc19 = add nuw nsw i32 %iter.03, 1
  %cmp = icmp ult i32 %inc19, 10
  br i1 %cmp, label %for.cond1.preheader, label %for.end20, !llvm.loop !9

for.end20:                                        ; preds = %for.inc18
  ret void
}

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

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
!9 = distinct !{!9, !7}
