; // 1-D to 4-D arrays.
; double A1[4096], A2[64][512], A3[16][32][64], A4[8][8][16][32];
; void dims(void) {
;   for (int i = 0; i < 8; i++)
;     for (int j = 0; j < 8; j++)
;       for (int k = 0; k < 16; k++)
;         for (int l = 0; l < 32; l++)
;           A4[i][j][k][l] = A3[i][k][l] + A2[j][l] + A1[l];
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='print<outcore-locality>' -disable-output %s 2>&1 | FileCheck %s
;
; CHECK: Outcore locality for function 'dims': page 4096 B, memory 67108864 B (16384 pages), unknown trip counts version
; CHECK-NEXT: Nest 0 (Polly SCoP), 4 loops, 4 references
; CHECK-NEXT:   loop i: depth 0, trip 8, 0 .. 7, pages/iteration 153, localized
; CHECK-NEXT:   loop j: depth 1, trip 8, 0 .. 7, pages/iteration 34, localized
; CHECK-NEXT:   loop k: depth 2, trip 16, 0 .. 15, pages/iteration 4, localized
; CHECK-NEXT:   loop l: depth 3, trip 32, 0 .. 31, pages/iteration 4, localized
; CHECK-NEXT:   ref A3[i][k][l] (read, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0 = 0, i1, i2 = 0, i3 = 0] }, loops 1
; CHECK-NEXT:     spatial reuse space { [i0 = 0, i1, i2 = 0, i3] }, loops 3
; CHECK-NEXT:     localized 0,1,2,3; temporal locality 1; spatial locality 3
; CHECK-NEXT:     group 0 single; prefetch when j = 0 and l mod 512 = 0; release when j = 7 and l mod 512 = 511; priority 2; hints yes
; CHECK-NEXT:   ref A2[j][l] (read, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0, i1 = 0, i2, i3 = 0] }, loops 0,2
; CHECK-NEXT:     spatial reuse space { [i0, i1 = 0, i2, i3] }, loops 3
; CHECK-NEXT:     localized 0,1,2,3; temporal locality 0,2; spatial locality 3
; CHECK-NEXT:     group 1 single; prefetch when i = 0 and k = 0 and l mod 512 = 0; release when i = 7 and k = 15 and l mod 512 = 511; priority 5; hints yes
; CHECK-NEXT:   ref A1[l] (read, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0, i1, i2, i3 = 0] }, loops 0,1,2
; CHECK-NEXT:     spatial reuse space { [i0, i1, i2, i3] }, loops 3
; CHECK-NEXT:     localized 0,1,2,3; temporal locality 0,1,2; spatial locality 3
; CHECK-NEXT:     group 2 single; prefetch when i = 0 and j = 0 and k = 0 and l mod 512 = 0; release when i = 7 and j = 7 and k = 15 and l mod 512 = 511; priority 7; hints yes
; CHECK-NEXT:   ref A4[i][j][k][l] (write, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0 = 0, i1 = 0, i2 = 0, i3 = 0] }, loops none
; CHECK-NEXT:     spatial reuse space { [i0 = 0, i1 = 0, i2 = 0, i3] }, loops 3
; CHECK-NEXT:     localized 0,1,2,3; temporal locality none; spatial locality 3
; CHECK-NEXT:     group 3 single; prefetch when l mod 512 = 0; release when l mod 512 = 511; priority 0; hints yes
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@A3 = dso_local global [16 x [32 x [64 x double]]] zeroinitializer, align 16
@A2 = dso_local global [64 x [512 x double]] zeroinitializer, align 16
@A1 = dso_local global [4096 x double] zeroinitializer, align 16
@A4 = dso_local global [8 x [8 x [16 x [32 x double]]]] zeroinitializer, align 16

define dso_local void @dims() #0 {
entry:
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %entry, %for.inc35
  %i.04 = phi i32 [ 0, %entry ], [ %inc36, %for.inc35 ]
  br label %for.cond4.preheader

for.cond4.preheader:                              ; preds = %for.cond1.preheader, %for.inc32
  %j.03 = phi i32 [ 0, %for.cond1.preheader ], [ %inc33, %for.inc32 ]
  br label %for.cond7.preheader

for.cond7.preheader:                              ; preds = %for.cond4.preheader, %for.inc29
  %k.02 = phi i32 [ 0, %for.cond4.preheader ], [ %inc30, %for.inc29 ]
  br label %for.body9

for.body9:                                        ; preds = %for.cond7.preheader, %for.body9
  %l.01 = phi i32 [ 0, %for.cond7.preheader ], [ %inc, %for.body9 ]
  %idxprom = zext nneg i32 %i.04 to i64
  %idxprom10 = zext nneg i32 %k.02 to i64
  %idxprom12 = zext nneg i32 %l.01 to i64
  %arrayidx13 = getelementptr inbounds [16 x [32 x [64 x double]]], ptr @A3, i64 0, i64 %idxprom, i64 %idxprom10, i64 %idxprom12
  %0 = load double, ptr %arrayidx13, align 8
  %idxprom14 = zext nneg i32 %j.03 to i64
  %idxprom16 = zext nneg i32 %l.01 to i64
  %arrayidx17 = getelementptr inbounds [64 x [512 x double]], ptr @A2, i64 0, i64 %idxprom14, i64 %idxprom16
  %1 = load double, ptr %arrayidx17, align 8
  %add = fadd double %0, %1
  %idxprom18 = zext nneg i32 %l.01 to i64
  %arrayidx19 = getelementptr inbounds [4096 x double], ptr @A1, i64 0, i64 %idxprom18
  %2 = load double, ptr %arrayidx19, align 8
  %add20 = fadd double %add, %2
  %idxprom21 = zext nneg i32 %i.04 to i64
  %idxprom23 = zext nneg i32 %j.03 to i64
  %idxprom25 = zext nneg i32 %k.02 to i64
  %idxprom27 = zext nneg i32 %l.01 to i64
  %arrayidx28 = getelementptr inbounds [8 x [8 x [16 x [32 x double]]]], ptr @A4, i64 0, i64 %idxprom21, i64 %idxprom23, i64 %idxprom25, i64 %idxprom27
  store double %add20, ptr %arrayidx28, align 8
  %inc = add nuw nsw i32 %l.01, 1
  %cmp8 = icmp ult i32 %inc, 32
  br i1 %cmp8, label %for.body9, label %for.inc29, !llvm.loop !6

for.inc29:                                        ; preds = %for.body9
  %inc30 = add nuw nsw i32 %k.02, 1
  %cmp5 = icmp ult i32 %inc30, 16
  br i1 %cmp5, label %for.cond7.preheader, label %for.inc32, !llvm.loop !8

for.inc32:                                        ; preds = %for.inc29
  %inc33 = add nuw nsw i32 %j.03, 1
  %cmp2 = icmp ult i32 %inc33, 8
  br i1 %cmp2, label %for.cond4.preheader, label %for.inc35, !llvm.loop !9

for.inc35:                                        ; preds = %for.inc32
  %inc36 = add nuw nsw i32 %i.04, 1
  %cmp = icmp ult i32 %inc36, 8
  br i1 %cmp, label %for.cond1.preheader, label %for.end37, !llvm.loop !10

for.end37:                                        ; preds = %for.inc35
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
