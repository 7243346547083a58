; RUN: opt -load-pass-plugin=%outcore -passes='outcore<page-size=4096;mem-size=1M;fault-latency=100000;prefetch-overhead=10000>' -verify-each -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%outcore -passes='outcore<page-size=4096;mem-size=1M;fault-latency=100000;prefetch-overhead=10000>,verify' -pass-remarks-output=%t.yaml -disable-output %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.yaml
;
; TOCS Fig. 9: the dense references b[i] and c[i][j] are pipelined around i in
; blocks, 2 strips (1024 iterations) ahead; the indirect a[b[i]] (load and
; store, one prefetch) gets oc_prefetch(&a[b[i + 10]]) once per iteration of
; i, with the index clamped to the last iteration (999999): b is never read
; past what the loop reads. The index b[i + 10] lies in a block prefetched a
; strip earlier.
; CHECK-LABEL: define dso_local void @fig9(
; CHECK:         call void @oc_prefetch_block(ptr @b,
; CHECK:         call void @oc_prefetch_block(ptr @c,
; CHECK:       oc.strip:
; CHECK:         %oc.pf.it = add i64 %oc.s, 1024
; CHECK:       for.cond1.preheader:
; CHECK:         %oc.c = phi i64
; CHECK-NEXT:    [[AHEAD:%.*]] = add i64 %oc.c, 10
; CHECK-NEXT:    %oc.ind.it = call i64 @llvm.umin.i64(i64 [[AHEAD]], i64 999999)
; CHECK-NEXT:    [[OFF:%.*]] = mul i64 %oc.ind.it, 4
; CHECK-NEXT:    [[BADDR:%.*]] = getelementptr i8, ptr @b, i64 [[OFF]]
; CHECK-NEXT:    %oc.ind = load i32, ptr [[BADDR]], align 4
; CHECK-NEXT:    [[IDX:%.*]] = sext i32 %oc.ind to i64
; CHECK-NEXT:    [[BYTES:%.*]] = shl nsw i64 [[IDX]], 2
; CHECK-NEXT:    [[AADDR:%.*]] = getelementptr i8, ptr @a, i64 [[BYTES]]
; CHECK-NEXT:    call void @oc_prefetch(ptr [[AADDR]])
; CHECK-NOT:     call void @oc_prefetch(ptr
; CHECK:         br label %for.body3
; REMARK:      Name: Prefetched
; REMARK:        - Array: b
; REMARK:      Name: Prefetched
; REMARK:        - Array: c
; REMARK:      Name: Prefetched
; REMARK:        - Array: a
; REMARK:        - Tag: '0'
; REMARK:        - Pages: '1'
; REMARK:        - Distance: '10'
;
; // TOCS Fig. 9: an indirect reference a[b[i]].
; int a[1000000];
; int b[1000000];
; int c[1000000][8];
; 
; void fig9(void) {
;   for (int i = 0; i < 1000000; i++)
;     for (int j = 0; j < 8; j++)
;       a[b[i]] = a[b[i]] + c[i][j];
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@a = dso_local global [1000000 x i32] zeroinitializer, align 16
@b = dso_local global [1000000 x i32] zeroinitializer, align 16
@c = dso_local global [1000000 x [8 x i32]] zeroinitializer, align 16

define dso_local void @fig9() #0 {
entry:
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %entry, %for.inc14
  %i.02 = phi i32 [ 0, %entry ], [ %inc15, %for.inc14 ]
  br label %for.body3

for.body3:                                        ; preds = %for.cond1.preheader, %for.body3
  %j.01 = phi i32 [ 0, %for.cond1.preheader ], [ %inc, %for.body3 ]
  %idxprom = zext nneg i32 %i.02 to i64
  %arrayidx = getelementptr inbounds [1000000 x i32], ptr @b, i64 0, i64 %idxprom
  %0 = load i32, ptr %arrayidx, align 4
  %idxprom4 = sext i32 %0 to i64
  %arrayidx5 = getelementptr inbounds [1000000 x i32], ptr @a, i64 0, i64 %idxprom4
  %1 = load i32, ptr %arrayidx5, align 4
  %idxprom6 = zext nneg i32 %i.02 to i64
  %idxprom8 = zext nneg i32 %j.01 to i64
  %arrayidx9 = getelementptr inbounds [1000000 x [8 x i32]], ptr @c, i64 0, i64 %idxprom6, i64 %idxprom8
  %2 = load i32, ptr %arrayidx9, align 4
  %add = add nsw i32 %1, %2
  %idxprom10 = zext nneg i32 %i.02 to i64
  %arrayidx11 = getelementptr inbounds [1000000 x i32], ptr @b, i64 0, i64 %idxprom10
  %3 = load i32, ptr %arrayidx11, align 4
  %idxprom12 = sext i32 %3 to i64
  %arrayidx13 = getelementptr inbounds [1000000 x i32], ptr @a, i64 0, i64 %idxprom12
  store i32 %add, ptr %arrayidx13, align 4
  %inc = add nuw nsw i32 %j.01, 1
  %cmp2 = icmp ult i32 %inc, 8
  br i1 %cmp2, label %for.body3, label %for.inc14, !llvm.loop !6

for.inc14:                                        ; preds = %for.body3
  %inc15 = add nuw nsw i32 %i.02, 1
  %cmp = icmp ult i32 %inc15, 1000000
  br i1 %cmp, label %for.cond1.preheader, label %for.end16, !llvm.loop !8

for.end16:                                        ; preds = %for.inc14
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
