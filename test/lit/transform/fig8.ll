; RUN: opt -load-pass-plugin=%outcore -passes='outcore<page-size=4096;mem-size=64K;fault-latency=100000;prefetch-overhead=10000>' -verify-each -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%outcore -passes='outcore<page-size=4096;mem-size=64K;fault-latency=100000;prefetch-overhead=10000>,verify' -pass-remarks-output=%t.yaml -disable-output %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.yaml
;
; TOCS Fig. 8: the k, l and m loops touch less than a block (32*5*5 doubles
; = 6400 B per j iteration), so the hints are pipelined around j, depth 1:
; strips of 2 j iterations, 4 pages each.
; CHECK-LABEL: define dso_local void @fig8(
; CHECK:       for.cond1.preheader:
; CHECK:         call void @oc_prefetch_block(
; CHECK:       oc.strip:
; CHECK:         %oc.e = call i64 @llvm.umin.i64(i64 %{{.*}}, i64 64)
; CHECK:         call void @oc_prefetch_release_block(ptr %oc.addr{{[0-9]*}}, ptr %oc.addr{{[0-9]*}}, i64 4, i32 0,
; CHECK:       for.cond4.preheader:
; CHECK-NEXT:    %j.04 = phi
; CHECK-NEXT:    %oc.c = phi i64 [ %oc.s, %oc.hinted ]
; CHECK:       for.body12:
; CHECK-NOT:     call void @oc_
; CHECK:       oc.strip.latch:
; CHECK:       for.inc30:
; CHECK:         call void @oc_release_block(
; REMARK:      Name: Prefetched
; REMARK:        - PipelineDepth: '1'
;
; // TOCS Fig. 8: the inner loops touch less than a block, so the pipeline
; // loop moves out to j.
; double A[64][64][32][5][5];
; 
; void fig8(void) {
;   for (int i = 0; i < 64; i++)
;     for (int j = 0; j < 64; j++)
;       for (int k = 0; k < 32; k++)
;         for (int l = 0; l < 5; l++)
;           for (int m = 0; m < 5; m++)
;             A[i][j][k][l][m] = 0;
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@A = dso_local global [64 x [64 x [32 x [5 x [5 x double]]]]] zeroinitializer, align 16

define dso_local void @fig8() #0 {
entry:
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %entry, %for.inc30
  %i.05 = phi i32 [ 0, %entry ], [ %inc31, %for.inc30 ]
  br label %for.cond4.preheader

for.cond4.preheader:                              ; preds = %for.cond1.preheader, %for.inc27
  %j.04 = phi i32 [ 0, %for.cond1.preheader ], [ %inc28, %for.inc27 ]
  br label %for.cond7.preheader

for.cond7.preheader:                              ; preds = %for.cond4.preheader, %for.inc24
  %k.03 = phi i32 [ 0, %for.cond4.preheader ], [ %inc25, %for.inc24 ]
  br label %for.cond10.preheader

for.cond10.preheader:                             ; preds = %for.cond7.preheader, %for.inc21
  %l.02 = phi i32 [ 0, %for.cond7.preheader ], [ %inc22, %for.inc21 ]
  br label %for.body12

for.body12:                                       ; preds = %for.cond10.preheader, %for.body12
  %m.01 = phi i32 [ 0, %for.cond10.preheader ], [ %inc, %for.body12 ]
  %idxprom = zext nneg i32 %i.05 to i64
  %idxprom13 = zext nneg i32 %j.04 to i64
  %idxprom15 = zext nneg i32 %k.03 to i64
  %idxprom17 = zext nneg i32 %l.02 to i64
  %idxprom19 = zext nneg i32 %m.01 to i64
  %arrayidx20 = getelementptr inbounds [64 x [64 x [32 x [5 x [5 x double]]]]], ptr @A, i64 0, i64 %idxprom, i64 %idxprom13, i64 %idxprom15, i64 %idxprom17, i64 %idxprom19
  store double 0.000000e+00, ptr %arrayidx20, align 8
  %inc = add nuw nsw i32 %m.01, 1
  %cmp11 = icmp ult i32 %inc, 5
  br i1 %cmp11, label %for.body12, label %for.inc21, !llvm.loop !6

for.inc21:                                        ; preds = %for.body12
  %inc22 = add nuw nsw i32 %l.02, 1
  %cmp8 = icmp ult i32 %inc22, 5
  br i1 %cmp8, label %for.cond10.preheader, label %for.inc24, !llvm.loop !8

for.inc24:                                        ; preds = %for.inc21
  %inc25 = add nuw nsw i32 %k.03, 1
  %cmp5 = icmp ult i32 %inc25, 32
  br i1 %cmp5, label %for.cond7.preheader, label %for.inc27, !llvm.loop !9

for.inc27:                                        ; preds = %for.inc24
  %inc28 = add nuw nsw i32 %j.04, 1
  %cmp2 = icmp ult i32 %inc28, 64
  br i1 %cmp2, label %for.cond4.preheader, label %for.inc30, !llvm.loop !10

for.inc30:                                        ; preds = %for.inc27
  %inc31 = add nuw nsw i32 %i.05, 1
  %cmp = icmp ult i32 %inc31, 64
  br i1 %cmp, label %for.cond1.preheader, label %for.end32, !llvm.loop !11

for.end32:                                        ; preds = %for.inc30
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
!10 = distinct !{!10, !7}
!11 = distinct !{!11, !7}
