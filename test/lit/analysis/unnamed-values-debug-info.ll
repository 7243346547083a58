; // Compiled as clang does by default: value names discarded, debug info (-g)
; // present. Sizes must not be read as numbers ("%0" is a value, not 0); names
; // come from debug info.
; void scale(long rows, long cols, double a[restrict rows][cols], const double *restrict s) {
;   for (long i = 0; i < rows; i++)
;     for (long j = 0; j < cols; j++)
;       a[i][j] = a[i][j] * s[i];
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='outcore-prepare,print<outcore-locality>' -disable-output %s 2>&1 | FileCheck %s
;
; CHECK: Outcore locality for function 'scale': page 4096 B, memory 67108864 B (16384 pages), unknown trip counts version
; CHECK-NEXT: Nest 0 (Polly SCoP), 2 loops, 3 references
; CHECK-NEXT:   loop i: depth 0, trip rows, 0 .. (-1 + rows), pages/iteration ceil(cols/512) + 2, not localized (unknown trip count)
; CHECK-NEXT:   loop j: depth 1, trip cols, 0 .. (-1 + cols), pages/iteration 3, localized
; CHECK-NEXT:   ref a[i][j] (read, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; CHECK-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; CHECK-NEXT:     localized 1; temporal locality none; spatial locality 1
; CHECK-NEXT:     group 0 leader; prefetch when j mod 512 = 0; release when false; priority 0; hints yes
; CHECK-NEXT:   ref s[i] (read, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0 = 0, i1] }, loops 1
; CHECK-NEXT:     spatial reuse space { [i0, i1] }, loops 0
; CHECK-NEXT:     localized 1; temporal locality 1; spatial locality none
; CHECK-NEXT:     group 1 single; prefetch when j = 0; release when j = (-1 + cols); priority 2; hints yes
; CHECK-NEXT:   ref a[i][j] (write, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; CHECK-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; CHECK-NEXT:     localized 1; temporal locality none; spatial locality 1
; CHECK-NEXT:     group 0 trailer; prefetch when false; release when j mod 512 = 511; priority 0; hints yes
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: noinline nounwind uwtable
define dso_local void @scale(i64 noundef %0, i64 noundef %1, ptr noalias noundef %2, ptr noalias noundef %3) #0 !dbg !10 {
  %5 = alloca i64, align 8
  %6 = alloca i64, align 8
  %7 = alloca ptr, align 8
  %8 = alloca ptr, align 8
  %9 = alloca i64, align 8
  %10 = alloca i64, align 8
  store i64 %0, ptr %5, align 8
    #dbg_declare(ptr %5, !24, !DIExpression(), !25)
  store i64 %1, ptr %6, align 8
    #dbg_declare(ptr %6, !26, !DIExpression(), !27)
  store ptr %2, ptr %7, align 8
    #dbg_declare(ptr %7, !28, !DIExpression(), !29)
  store ptr %3, ptr %8, align 8
    #dbg_declare(ptr %8, !30, !DIExpression(), !31)
  %11 = load i64, ptr %5, align 8, !dbg !32
  %12 = load i64, ptr %6, align 8, !dbg !33
    #dbg_declare(ptr %9, !34, !DIExpression(), !36)
  store i64 0, ptr %9, align 8, !dbg !36
  br label %13, !dbg !37

13:                                               ; preds = %45, %4
  %14 = load i64, ptr %9, align 8, !dbg !38
  %15 = load i64, ptr %5, align 8, !dbg !40
  %16 = icmp slt i64 %14, %15, !dbg !41
  br i1 %16, label %17, label %48, !dbg !42

17:                                               ; preds = %13
    #dbg_declare(ptr %10, !43, !DIExpression(), !45)
  store i64 0, ptr %10, align 8, !dbg !45
  br label %18, !dbg !46

18:                                               ; preds = %41, %17
  %19 = load i64, ptr %10, align 8, !dbg !47
  %20 = load i64, ptr %6, align 8, !dbg !49
  %21 = icmp slt i64 %19, %20, !dbg !50
  br i1 %21, label %22, label %44, !dbg !51

22:                                               ; preds = %18
  %23 = load ptr, ptr %7, align 8, !dbg !52
  %24 = load i64, ptr %9, align 8, !dbg !53
  %25 = mul nsw i64 %24, %12, !dbg !52
  %26 = getelementptr inbounds double, ptr %23, i64 %25, !dbg !52
  %27 = load i64, ptr %10, align 8, !dbg !54
  %28 = getelementptr inbounds double, ptr %26, i64 %27, !dbg !52
  %29 = load double, ptr %28, align 8, !dbg !52
  %30 = load ptr, ptr %8, align 8, !dbg !55
  %31 = load i64, ptr %9, align 8, !dbg !56
  %32 = getelementptr inbounds double, ptr %30, i64 %31, !dbg !55
  %33 = load double, ptr %32, align 8, !dbg !55
  %34 = fmul double %29, %33, !dbg !57
  %35 = load ptr, ptr %7, align 8, !dbg !58
  %36 = load i64, ptr %9, align 8, !dbg !59
  %37 = mul nsw i64 %36, %12, !dbg !58
  %38 = getelementptr inbounds double, ptr %35, i64 %37, !dbg !58
  %39 = load i64, ptr %10, align 8, !dbg !60
  %40 = getelementptr inbounds double, ptr %38, i64 %39, !dbg !58
  store double %34, ptr %40, align 8, !dbg !61
  br label %41, !dbg !58

41:                                               ; preds = %22
  %42 = load i64, ptr %10, align 8, !dbg !62
  %43 = add nsw i64 %42, 1, !dbg !62
  store i64 %43, ptr %10, align 8, !dbg !62
  br label %18, !dbg !63, !llvm.loop !64

44:                                               ; preds = %18
  br label %45, !dbg !65

45:                                               ; preds = %44
  %46 = load i64, ptr %9, align 8, !dbg !67
  %47 = add nsw i64 %46, 1, !dbg !67
  store i64 %47, ptr %9, align 8, !dbg !67
  br label %13, !dbg !68, !llvm.loop !69

48:                                               ; preds = %13
  ret void, !dbg !71
}

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}
!llvm.ident = !{!9}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "unnamed.c", directory: "/tmp/oc/c", checksumkind: CSK_MD5, checksum: "634687343c5740f8e8bccb5ed8692a0d")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"frame-pointer", i32 2}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "scale", scope: !1, file: !1, line: 4, type: !11, scopeLine: 4, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !23)
!11 = !DISubroutineType(types: !12)
!12 = !{null, !13, !13, !14, !20}
!13 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!14 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !15)
!15 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !16, size: 64)
!16 = !DICompositeType(tag: DW_TAG_array_type, baseType: !17, elements: !18)
!17 = !DIBasicType(name: "double", size: 64, encoding: DW_ATE_float)
!18 = !{!19}
!19 = !DISubrange(count: -1)
!20 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !21)
!21 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !22, size: 64)
!22 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !17)
!23 = !{}
!24 = !DILocalVariable(name: "rows", arg: 1, scope: !10, file: !1, line: 4, type: !13)
!25 = !DILocation(line: 4, column: 17, scope: !10)
!26 = !DILocalVariable(name: "cols", arg: 2, scope: !10, file: !1, line: 4, type: !13)
!27 = !DILocation(line: 4, column: 28, scope: !10)
!28 = !DILocalVariable(name: "a", arg: 3, scope: !10, file: !1, line: 4, type: !14)
!29 = !DILocation(line: 4, column: 41, scope: !10)
!30 = !DILocalVariable(name: "s", arg: 4, scope: !10, file: !1, line: 4, type: !20)
!31 = !DILocation(line: 4, column: 88, scope: !10)
!32 = !DILocation(line: 4, column: 52, scope: !10)
!33 = !DILocation(line: 4, column: 58, scope: !10)
!34 = !DILocalVariable(name: "i", scope: !35, file: !1, line: 5, type: !13)
!35 = distinct !DILexicalBlock(scope: !10, file: !1, line: 5, column: 3)
!36 = !DILocation(line: 5, column: 13, scope: !35)
!37 = !DILocation(line: 5, column: 8, scope: !35)
!38 = !DILocation(line: 5, column: 20, scope: !39)
!39 = distinct !DILexicalBlock(scope: !35, file: !1, line: 5, column: 3)
!40 = !DILocation(line: 5, column: 24, scope: !39)
!41 = !DILocation(line: 5, column: 22, scope: !39)
!42 = !DILocation(line: 5, column: 3, scope: !35)
!43 = !DILocalVariable(name: "j", scope: !44, file: !1, line: 6, type: !13)
!44 = distinct !DILexicalBlock(scope: !39, file: !1, line: 6, column: 5)
!45 = !DILocation(line: 6, column: 15, scope: !44)
!46 = !DILocation(line: 6, column: 10, scope: !44)
!47 = !DILocation(line: 6, column: 22, scope: !48)
!48 = distinct !DILexicalBlock(scope: !44, file: !1, line: 6, column: 5)
!49 = !DILocation(line: 6, column: 26, scope: !48)
!50 = !DILocation(line: 6, column: 24, scope: !48)
!51 = !DILocation(line: 6, column: 5, scope: !44)
!52 = !DILocation(line: 7, column: 17, scope: !48)
!53 = !DILocation(line: 7, column: 19, scope: !48)
!54 = !DILocation(line: 7, column: 22, scope: !48)
!55 = !DILocation(line: 7, column: 27, scope: !48)
!56 = !DILocation(line: 7, column: 29, scope: !48)
!57 = !DILocation(line: 7, column: 25, scope: !48)
!58 = !DILocation(line: 7, column: 7, scope: !48)
!59 = !DILocation(line: 7, column: 9, scope: !48)
!60 = !DILocation(line: 7, column: 12, scope: !48)
!61 = !DILocation(line: 7, column: 15, scope: !48)
!62 = !DILocation(line: 6, column: 33, scope: !48)
!63 = !DILocation(line: 6, column: 5, scope: !48)
!64 = distinct !{!64, !51, !65, !66}
!65 = !DILocation(line: 7, column: 30, scope: !44)
!66 = !{!"llvm.loop.mustprogress"}
!67 = !DILocation(line: 5, column: 31, scope: !39)
!68 = !DILocation(line: 5, column: 3, scope: !39)
!69 = distinct !{!69, !42, !70, !66}
!70 = !DILocation(line: 7, column: 30, scope: !35)
!71 = !DILocation(line: 8, column: 1, scope: !10)
